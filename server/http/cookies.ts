import type { CookieOptions, Request } from 'express';
import { contextOf } from '../context';

/** Cookie names shared with the portal (DESIGN §5 lets the portal configure them; these are ours). */
export const COOKIE = {
  /** HttpOnly session id: scripts can never read it. */
  session: 'portal_session',
  /** Readable by the portal, which hands it to the chat gateway in the socket handshake. */
  chat: 'chat_session',
  /** Readable by the portal, which echoes it in X-XSRF-TOKEN (Sanctum's double submit). */
  xsrf: 'XSRF-TOKEN',
  /** HttpOnly marker of a sign-in waiting for its second factor (Fortify's `login.id`). */
  twoFactorChallenge: 'two_factor_challenge',
} as const;

/** Parses a Cookie header. The first occurrence of a name wins (the most specific path, per RFC 6265). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** A cookie's value, URL-decoded (malformed escapes yield the raw text rather than an exception). */
export function readCookie(req: Request, name: string): string | undefined {
  const raw = parseCookies(req.headers.cookie).get(name);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The session cookie's name: `__Host-portal_session` when cookies are Secure (configuration), else `portal_session`. */
export function sessionCookieName(req: Request): string {
  return contextOf(req).cookies.session;
}

/**
 * Options for every cookie we set: whole site, SameSite=Lax (sent on top-level navigation, not on
 * cross-site subrequests), and Secure when configured (an https PORTAL_URL or SECURE_COOKIES),
 * never because of what the request claims.
 * `maxAgeMs` undefined gives a browser-session cookie.
 */
export function cookieOptions(req: Request, options: { httpOnly: boolean; maxAgeMs?: number }): CookieOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure: contextOf(req).cookies.secure,
    httpOnly: options.httpOnly,
    ...(options.maxAgeMs === undefined ? {} : { maxAge: options.maxAgeMs }),
  };
}

/** Clearing must repeat path/SameSite/Secure or browsers keep the original cookie. */
export function clearCookieOptions(req: Request, httpOnly: boolean): CookieOptions {
  return { path: '/', sameSite: 'lax', secure: contextOf(req).cookies.secure, httpOnly };
}
