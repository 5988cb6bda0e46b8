import type { RequestHandler } from 'express';

/** Paths that carry a mailed link's secret parts: logged as their pattern. */
const SECRET_PATHS: [RegExp, string][] = [[/^(\/api\/v1\/email\/verify)\/[^/]+\/[^/]+/, '$1/:id/:hash']];

/** The path as logged: no query string (search text, signatures), no link secrets. */
export function loggedPath(originalUrl: string): string {
  const path = originalUrl.split('?')[0] ?? '';
  return SECRET_PATHS.reduce((shown, [pattern, replacement]) => shown.replace(pattern, replacement), path);
}

/** `METHOD path status ms`: enough to follow a session in the terminal, without mailed links' secrets. */
export function requestLogger(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      process.stdout.write(`${req.method} ${loggedPath(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms\n`);
    });
    next();
  };
}
