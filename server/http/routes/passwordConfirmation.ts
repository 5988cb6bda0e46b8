import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../auth/authenticate';
import { AttemptThrottle } from '../../auth/loginThrottle';
import { verifyPassword } from '../../auth/password';
import { markPasswordConfirmed, passwordRecentlyConfirmed } from '../../auth/passwordConfirmation';
import { fieldError } from '../errors';
import { validateBody } from '../validation';

/** Fortify's text for a wrong password on this route (ConfirmablePasswordController). */
export const PASSWORD_INCORRECT = 'The provided password was incorrect.';

const confirmSchema = z.object({ password: z.string().max(1024).nullish() });

/**
 * Fortify's password confirmation at the host root: `POST /user/confirm-password` (201 and an
 * empty JSON string when right, 422 on `password` when wrong) and `GET
 * /user/confirmed-password-status` (`{confirmed}`). What `password.confirm` routes then allow for
 * PASSWORD_TIMEOUT_S: turning two-factor on or off, its QR code, secret and recovery codes.
 */
export function passwordConfirmationRoutes(ctx: AppContext): Router {
  const router = Router();
  // A stolen session must not become a password oracle: 5 wrong tries a minute per user.
  const throttle = new AttemptThrottle(5, 60_000);

  router.post('/user/confirm-password', requireAuth, async (req, res) => {
    const { password } = validateBody(req, confirmSchema);
    const user = currentUser(req);
    const key = `confirm:${user.id}`;
    throttle.consume(res, key, undefined);
    const row = ctx.db.prepare('SELECT password_hash FROM users WHERE id = ?').get(user.id) as { password_hash: string } | undefined;
    if (!password || !row || !(await verifyPassword(password, row.password_hash))) throw fieldError('password', PASSWORD_INCORRECT);
    throttle.clear(key, undefined);
    markPasswordConfirmed(ctx.db, req.auth!);
    res.status(201).json('');
  });

  router.get('/user/confirmed-password-status', requireAuth, (req, res) => {
    res.json({ confirmed: passwordRecentlyConfirmed(ctx.db, req.auth!) });
  });

  return router;
}
