import type { RequestHandler } from 'express';

/** `METHOD path status ms`: enough to follow a session in the terminal. Query strings are left out (they may carry search text). */
export function requestLogger(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      process.stdout.write(`${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms\n`);
    });
    next();
  };
}
