import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context';
import { sessionCookieName, readCookie } from '../http/cookies';
import { unauthenticated, HttpError } from '../http/errors';
import { findAccessToken } from './accessTokens';
import { findActiveSession } from './sessions';
import { findUserById, type AuthUser } from './users';

/** How the current request proved who it is. */
export type RequestAuth =
  | { via: 'session'; user: AuthUser; sessionId: string }
  | { via: 'token'; user: AuthUser; tokenId: number };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `authenticate` on every request: null for guests. */
      auth?: RequestAuth | null;
    }
  }
}

/** The value of `Authorization: Bearer …`, or undefined (an empty value counts as none). */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Resolves the caller on every request without rejecting anyone (guards below do that).
 * A valid portal token wins; otherwise the session cookie is used, as Sanctum's guard does, so a
 * stale token header beside a good session cookie does not sign the user out.
 */
export function authenticate(ctx: AppContext): RequestHandler {
  return (req, _res, next) => {
    req.auth = null;
    const bearer = bearerToken(req);
    if (bearer) {
      const token = findAccessToken(ctx.db, bearer);
      const user = token && findUserById(ctx.db, token.user_id);
      if (token && user) {
        req.auth = { via: 'token', user, tokenId: token.id };
        return next();
      }
    }
    const sessionId = readCookie(req, sessionCookieName(req));
    if (sessionId) {
      const session = findActiveSession(ctx.db, sessionId);
      const user = session && findUserById(ctx.db, session.user_id);
      if (session && user) req.auth = { via: 'session', user, sessionId: session.id };
    }
    next();
  };
}

/** 401 `{message: "Unauthenticated."}` for guests. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : unauthenticated());
};

/** Fortify's `verified` middleware: 403 with the exact text SPEC §5 keys the redirect on. */
export const requireVerified: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(unauthenticated());
  next(req.auth.user.email_verified_at ? undefined : new HttpError(403, 'Your email address is not verified.'));
};

/** The signed-in user in a handler behind `requireAuth` (throws 401 if wired without it). */
export function currentUser(req: Request): AuthUser {
  if (!req.auth) throw unauthenticated();
  return req.auth.user;
}
