import type { RequestHandler } from 'express';

const BASE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets style attributes; inline styles cannot run code, inline scripts stay blocked.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** The origin of a configured URL, or undefined for '' / relative / invalid values. */
function originOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy for the portal. With the default (same-origin) config it is exactly
 * the base policy; origins the runtime config points at (another API, chat gateway, SSO
 * authority, Sentry) are added to connect-src, or the configured portal could not reach them.
 */
export function contentSecurityPolicy(publicConfig: Record<string, unknown>): string {
  const sso = publicConfig.sso as Record<string, unknown> | undefined;
  const extra = [publicConfig.apiOrigin, publicConfig.chatUrl, publicConfig.sentryDsn, sso?.authority]
    .map(originOf)
    .filter((origin): origin is string => origin !== undefined);
  const connect = [...new Set([...BASE_CSP['connect-src'], ...extra])];
  return Object.entries({ ...BASE_CSP, 'connect-src': connect })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers on every response, API and static alike. */
export function securityHeaders(publicConfig: Record<string, unknown>): RequestHandler {
  const csp = contentSecurityPolicy(publicConfig);
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  };
}
