import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { openerPolicyFor } from './openerPolicy';
import type { Site } from './site';

/** Every directive but connect-src, which depends on the configuration. */
const FIXED_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets style attributes; inline styles cannot run code, inline scripts stay blocked.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  // The conversation player plays a recording the portal fetched with the session (a blob: URL).
  'media-src': ["'self'", 'blob:'],
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

/** The websocket origin of an http(s) origin: the chat gateway's socket.io transport. */
function websocketOf(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/**
 * connect-src: the portal's own origin, the origins the runtime config points at (API, SSO
 * authority, Sentry) and the chat gateway's websocket origin (the configured chatUrl, else this
 * server's). Never a bare `ws:`/`wss:`, which would let an injected script talk to any host.
 */
export function connectSources(publicConfig: Record<string, unknown>, site: Pick<Site, 'origin'> | null): string[] {
  const sso = publicConfig.sso as Record<string, unknown> | undefined;
  const configured = [publicConfig.apiOrigin, publicConfig.sentryDsn, sso?.authority].map(originOf);
  const chat = originOf(publicConfig.chatUrl);
  const gateway = chat ?? site?.origin ?? undefined;
  const sources = ["'self'", ...configured, chat, gateway ? websocketOf(gateway) : undefined];
  return [...new Set(sources.filter((source): source is string => source !== undefined))];
}

/** The directives in their usual order: connect-src right after img-src. */
function ordered<T>(fixed: Record<string, T[]>, connect: T[]): Record<string, T[]> {
  const entries = Object.entries(fixed);
  const at = entries.findIndex(([name]) => name === 'img-src') + 1;
  return Object.fromEntries([...entries.slice(0, at), ['connect-src', connect], ...entries.slice(at)]);
}

/** The Content-Security-Policy as one header value (what securityHeaders sends, `; `-separated). */
export function contentSecurityPolicy(publicConfig: Record<string, unknown>, site: Pick<Site, 'origin'> | null = null): string {
  return Object.entries(ordered<string>(FIXED_CSP, connectSources(publicConfig, site)))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Headers on every response, API and static alike, set by helmet: the CSP above, CORP
 * same-origin, nosniff, `X-Frame-Options: DENY`, `Referrer-Policy: same-origin`, and HSTS only
 * when the configured origin is https (an http-only local server must stay reachable); COOP by
 * browser (openerPolicy.ts: `noopener-allow-popups` for Chromium 129+, else `same-origin`).
 */
export function securityHeaders(publicConfig: Record<string, unknown>, site: Site): RequestHandler {
  // Per request: the listen address (and so the gateway's origin) is known only once listening.
  const connect = () => connectSources(publicConfig, site).join(' ');
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: ordered<string | typeof connect>(FIXED_CSP, [connect]) },
    crossOriginOpenerPolicy: false, // set below, by browser
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: site.origin?.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  return (req, res, next) => {
    res.setHeader('Cross-Origin-Opener-Policy', openerPolicyFor(req.get('user-agent')));
    headers(req, res, next);
  };
}

/**
 * Authenticated answers are personal: no browser or proxy cache may keep them. Static files
 * served later set their own Cache-Control.
 */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (req.auth) res.setHeader('Cache-Control', 'no-store');
  next();
};
