import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { COOKIE, cookieOptions, readCookie } from '../http/cookies';
import { HttpError } from '../http/errors';
import { safeEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sets a fresh XSRF-TOKEN cookie. Standard base64 (with + / =) on purpose: the cookie is stored
 * URL-encoded, like Laravel's, so clients must URL-decode it before echoing it, as Sanctum requires.
 */
export function issueXsrfToken(req: Request, res: Response): string {
  const token = randomBytes(40).toString('base64');
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
      // Laravel attaches the cookie to every response; issuing it when missing keeps a
      // long-lived "remember me" session working after the browser dropped the session cookie.
      if (!cookie) issueXsrfToken(req, res);
      return next();
    }
    const header = req.get('X-XSRF-TOKEN');
    // The header should carry the decoded value; an undecoded copy of the same cookie proves
    // the same thing (the caller could read the cookie), so accept that too.
    const matches = 
      cookie !== undefined && header !== undefined && (safeEqual(header, cookie) || safeEqual(header, encodeURIComponent(cookie)));
    next(matches ? undefined : new HttpError(419, 'CSRF token mismatch.'));
  };
}
