import { createHmac, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { contextOf } from '../context';
import { COOKIE, cookieOptions, readCookie } from '../http/cookies';
import { HttpError } from '../http/errors';
import { appSecret } from '../mail/links';
import { safeEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NONCE_BYTES = 24;
const MAC_BYTES = 16;

/** The session a token is bound to: the signed-in session, or none ('') for a guest. */
function bindingOf(req: Request): string {
  return req.auth?.via === 'session' ? req.auth.sessionId : '';
}

function mac(req: Request, nonce: Buffer, binding: string): Buffer {
  return createHmac('sha256', appSecret(contextOf(req).db)).update(nonce).update('|xsrf|').update(binding).digest().subarray(0, MAC_BYTES);
}

/**
 * Whether `token` was issued by this server for this session (a guest's for guests). A pair the
 * attacker chose, an empty pair or another session's token is refused.
 */
export function xsrfTokenValid(req: Request, token: string): boolean {
  const raw = Buffer.from(token, 'base64');
  if (raw.length !== NONCE_BYTES + MAC_BYTES || raw.toString('base64') !== token) return false;
  const expected = mac(req, raw.subarray(0, NONCE_BYTES), bindingOf(req));
  return safeEqual(raw.subarray(NONCE_BYTES).toString('hex'), expected.toString('hex'));
}

/**
 * Sets a fresh XSRF-TOKEN cookie: a random nonce and its HMAC over the session id (`sessionId`,
 * default the request's session; null for a guest). Standard base64 (with + / =) on purpose:
 * the cookie is stored URL-encoded, like Laravel's, so clients must URL-decode it before
 * echoing it, as Sanctum requires.
 */
export function issueXsrfToken(req: Request, res: Response, sessionId?: string | null): string {
  const nonce = randomBytes(NONCE_BYTES);
  const binding = sessionId === undefined ? bindingOf(req) : (sessionId ?? '');
  const token = Buffer.concat([nonce, mac(req, nonce, binding)]).toString('base64');
  // Browser-session lifetime; `csrfProtection` re-issues it whenever it is missing.
  res.cookie(COOKIE.xsrf, token, cookieOptions(req, { httpOnly: false }));
  return token;
}

/**
 * Sanctum's double-submit check: a state-changing request must echo the XSRF-TOKEN cookie in
 * X-XSRF-TOKEN. A cross-site page can make the browser send our cookies but cannot read them,
 * so it cannot produce the header. 419 "CSRF token mismatch." otherwise.
 *
 * Exempt: requests authenticated by a Bearer portal token (no ambient credential is involved,
 * as Sanctum treats token requests), and `exemptPaths`, routes authenticated only by headers a
 * cross-site form cannot set (the SSO token exchange). Must run after `authenticate`.
 */
export function csrfProtection(options: { exemptPaths: readonly string[] }): RequestHandler {
  const exempt = new Set(options.exemptPaths);
  return (req, res, next) => {
    if (req.auth?.via === 'token' || exempt.has(req.path)) return next();
    const cookie = readCookie(req, COOKIE.xsrf);
    if (SAFE_METHODS.has(req.method)) {
      // Laravel attaches the cookie to every response; issuing it when missing (or bound to a
      // session that is no longer this one) keeps a long-lived "remember me" session working
      // after the browser dropped the session cookie, and a signed-out browser able to sign in.
      if (!cookie || !xsrfTokenValid(req, cookie)) issueXsrfToken(req, res);
      return next();
    }
    const header = req.get('X-XSRF-TOKEN');
    // The header should carry the decoded value; an undecoded copy of the same cookie proves
    // the same thing (the caller could read the cookie), so accept that too.
    const matches =
      cookie !== undefined &&
      header !== undefined &&
      (safeEqual(header, cookie) || safeEqual(header, encodeURIComponent(cookie))) &&
      xsrfTokenValid(req, cookie);
    next(matches ? undefined : new HttpError(419, 'CSRF token mismatch.'));
  };
}
