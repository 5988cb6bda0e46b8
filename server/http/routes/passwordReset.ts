import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AttemptThrottle } from '../../auth/loginThrottle';
import { randomHex, safeEqual, sha256Hex } from '../../auth/tokens';
import { findUserByEmail } from '../../auth/users';
import { RESET_TOKEN_MINUTES } from '../../mail/links';
import { sendResetMail } from '../../mail/messages';
import { fieldError } from '../errors';
import { validateBody } from '../validation';
import { emailField, revokeEverySession, setPassword, withConfirmedPassword } from './accountShared';

/** Fortify's `passwords.sent`: the same answer whether or not the address has an account. */
export const RESET_LINK_SENT = 'We have emailed your password reset link.';
export const PASSWORD_RESET = 'Your password has been reset.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';

const forgotSchema = z.object({ email: emailField() });
const resetSchema = withConfirmedPassword({ token: z.string().trim().min(1).max(200), email: emailField() });

interface TokenRow {
  token_hash: string;
  created_at: string;
}

/** Issues a new reset token for `email` (replacing any earlier one) and mails its link. */
export function sendPasswordResetLink(ctx: AppContext, email: string): void {
  const token = randomHex(32);
  ctx.db
    .prepare('INSERT INTO password_reset_tokens (email, token_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at')
    .run(email, sha256Hex(token), new Date().toISOString());
  sendResetMail(ctx, email, token);
}

/** Fortify's password broker: a mailed token, valid 60 minutes, used once. */
export function passwordResetRoutes(ctx: AppContext): Router {
  const router = Router();
  const requests = new AttemptThrottle(5, 60_000);
  const attempts = new AttemptThrottle(5, 60_000);

  router.post('/forgot-password', (req, res) => {
    const { email } = validateBody(req, forgotSchema);
    requests.assertAllowed(res, email, req.ip);
    requests.hit(email, req.ip);
    const user = findUserByEmail(ctx.db, email);
    if (user) sendPasswordResetLink(ctx, user.email);
    res.status(200).json({ message: RESET_LINK_SENT });
  });

  router.post('/reset-password', async (req, res) => {
    const input = validateBody(req, resetSchema);
    attempts.assertAllowed(res, input.email, req.ip);
    const user = findUserByEmail(ctx.db, input.email);
    const row = user && (ctx.db.prepare('SELECT token_hash, created_at FROM password_reset_tokens WHERE email = ?').get(user.email) as TokenRow | undefined);
    const fresh = row && Date.now() - Date.parse(row.created_at) < RESET_TOKEN_MINUTES * 60_000;
    if (!user || !row || !fresh || !safeEqual(row.token_hash, sha256Hex(input.token))) {
      attempts.hit(input.email, req.ip);
      throw fieldError('email', INVALID_RESET_TOKEN);
    }
    // Single use: the token goes before anything else can fail.
    ctx.db.prepare('DELETE FROM password_reset_tokens WHERE email = ?').run(user.email);
    await setPassword(ctx, user.id, input.password);
    revokeEverySession(ctx, user.id);
    attempts.clear(input.email, req.ip);
    res.status(200).json({ message: PASSWORD_RESET });
  });

  return router;
}
