import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { issueXsrfToken } from '../../auth/csrf';
import { LoginThrottle } from '../../auth/loginThrottle';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { createSession, REMEMBER_MS, revokeSession } from '../../auth/sessions';
import { revokeAccessToken } from '../../auth/accessTokens';
import { requiresTwoFactor } from '../../auth/twoFactor';
import { CHALLENGE_TTL_MS, createChallenge } from '../../auth/twoFactorChallenges';
import { findUserForLogin } from '../../auth/users';
import { clearCookieOptions, COOKIE, sessionCookieName, cookieOptions } from '../cookies';
import { fieldError } from '../errors';
import { booleanish, validateBody } from '../validation';

const CREDENTIALS_MISMATCH = 'These credentials do not match our records.';

const loginSchema = z.object({
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  password: z.string().min(1).max(1024),
  remember: booleanish.optional(),
});

function clearAuthCookies(req: Request, res: Response): void {
  res.clearCookie(sessionCookieName(req), clearCookieOptions(req, true));
  res.clearCookie(COOKIE.chat, clearCookieOptions(req, false));
}

/**
 * Signs the browser in: a new session cookie (and the chat token), a fresh XSRF token.
 * Regenerates: whatever session the browser held before is ended, so a session id planted
 * before sign-in (session fixation) is worth nothing after it.
 */
export function openBrowserSession(ctx: AppContext, req: Request, res: Response, input: { userId: number; remember: boolean }): void {
  if (req.auth?.via === 'session') revokeSession(ctx.db, req.auth.sessionId);
  const session = createSession(ctx.db, { userId: input.userId, remember: input.remember, ipAddress: req.ip, userAgent: req.get('user-agent') });
  const maxAgeMs = input.remember ? REMEMBER_MS : undefined;
  res.cookie(sessionCookieName(req), session.id, cookieOptions(req, { httpOnly: true, maxAgeMs }));
  res.cookie(COOKIE.chat, session.chatToken, cookieOptions(req, { httpOnly: false, maxAgeMs }));
  issueXsrfToken(req, res, session.id);
}

/** Sanctum's CSRF bootstrap and Fortify's cookie login/logout, at the host root like Laravel's. */
export function sessionRoutes(ctx: AppContext): Router {
  const router = Router();
  const throttle = new LoginThrottle();

  router.get('/sanctum/csrf-cookie', (req, res) => {
    issueXsrfToken(req, res);
    res.status(204).end();
  });

  router.post('/login', async (req, res) => {
    const input = validateBody(req, loginSchema);
    // Fortify answers 429 once the (email, address) pair has failed too often.
    // Counted before the (asynchronous) hash, so parallel guesses cannot all slip through.
    throttle.consume(res, input.email, req.ip);
    const user = findUserForLogin(ctx.db, input.email);
    const ok = user ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstDummy(input.password);
    if (!user || !ok) {
      throw fieldError('email', CREDENTIALS_MISMATCH);
    }
    throttle.clear(input.email, req.ip);
    const remember = input.remember ?? false;

    // Fortify: a user with confirmed two-factor is not signed in yet; the password step is
    // remembered (HttpOnly cookie) until POST /two-factor-challenge completes it.
    if (requiresTwoFactor(ctx.db, user.id)) {
      const challenge = createChallenge(ctx.db, user.id, remember);
      res.cookie(COOKIE.twoFactorChallenge, challenge, cookieOptions(req, { httpOnly: true, maxAgeMs: CHALLENGE_TTL_MS }));
      res.status(200).json({ two_factor: true });
      return;
    }
    openBrowserSession(ctx, req, res, { userId: user.id, remember });
    res.status(200).json({ two_factor: false });
  });

  // Always 204, signed in or not: signing out an already expired session must succeed, or a
  // client reacting to 401 by signing out would loop. CSRF still applies (forced sign-out).
  router.post('/logout', (req, res) => {
    if (req.auth?.via === 'session') revokeSession(ctx.db, req.auth.sessionId);
    if (req.auth?.via === 'token') revokeAccessToken(ctx.db, req.auth.tokenId);
    clearAuthCookies(req, res);
    issueXsrfToken(req, res, null);
    res.status(204).end();
  });

  return router;
}
