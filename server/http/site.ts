import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';

/**
 * Where this server is reached. Mailed links start at `origin` (never at the request's Host: a
 * forged header would send reset links elsewhere), and only `allowedHosts` are answered, so a
 * DNS-rebinding page (evil.example resolving to 127.0.0.1) cannot talk to a local server.
 */
export interface Site {
  /** PORTAL_URL, else the listen address once listening. */
  origin: string | null;
  /** Host names (no port, IPv6 in brackets) the server answers. */
  readonly allowedHosts: Set<string>;
  /** True when PORTAL_URL set origin: listening does not change it. */
  readonly configured: boolean;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a Host header value or URL authority, lower case; null when unparsable. */
export function hostnameOf(authority: string): string | null {
  try {
    const url = new URL(`http://${authority}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function createSite(options: { portalUrl?: string; allowedHosts?: readonly string[] }): Site {
  const allowedHosts = new Set(LOCAL_HOSTS);
  for (const entry of options.allowedHosts ?? []) {
    const name = hostnameOf(entry.trim());
    if (name) allowedHosts.add(name);
  }
  let origin: string | null = null;
  if (options.portalUrl?.trim()) {
    const url = new URL(options.portalUrl.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PORTAL_URL must be http(s), got ${options.portalUrl}`);
    origin = url.origin;
    allowedHosts.add(url.hostname.toLowerCase());
  }
  return { origin, allowedHosts, configured: origin !== null };
}

/** Called once listening: the listen address becomes an allowed host and, unless configured, the origin. */
export function siteListening(site: Site, host: string, port: number): void {
  const shown = host.includes(':') ? `[${host}]` : host;
  // 0.0.0.0 and :: are not names a browser uses; such servers list their names in ALLOWED_HOSTS.
  const wildcard = host === '0.0.0.0' || host === '::';
  if (!wildcard) site.allowedHosts.add(shown.toLowerCase());
  if (!site.configured) site.origin = `http://${wildcard ? 'localhost' : shown}:${port}`;
}

/** Whether a raw request's Host header names this site. */
export function hostAllowed(site: Site, request: Pick<IncomingMessage, 'headers'>): boolean {
  const name = hostnameOf(request.headers.host ?? '');
  return name !== null && site.allowedHosts.has(name);
}

/** 421 Misdirected Request for any other Host, before anything else runs. */
export function hostGuard(site: Site): RequestHandler {
  return (req, res, next) => {
    if (hostAllowed(site, req)) return next();
    res.status(421).json({ message: 'This server does not answer for that host name.' });
  };
}

/**
 * The origin this request was made to, as its client sees it (its Host; `trust proxy`, app.ts,
 * decides whether X-Forwarded-* may change the protocol): for links in answers and a page's own
 * URL. Never for mailed links (`Site.origin`).
 */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** This request's own absolute URL (requestOrigin and its path with its query). */
export function requestUrl(req: Request): string {
  return requestOrigin(req) + req.originalUrl;
}
