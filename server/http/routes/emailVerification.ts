import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../auth/authenticate';
import { AttemptThrottle } from '../../auth/loginThrottle';
import { findUserByEmail, findUserById } from '../../auth/users';
import { nowIso } from '../../db/connection';
import { appSecret, emailHash, INVALID_LINK_MESSAGE, safeRedirectPath, verifySignedLink } from '../../mail/links';
import { sendVerificationMail } from '../../mail/messages';
import { HttpError, unauthenticated } from '../errors';
import { validateBody } from '../validation';
import { emailField } from './accountShared';

export const VERIFICATION_SENT = 'A new verification link has been sent to your email address.';
/** Neutral on purpose: the answer must not tell which addresses have accounts. */
export const RESEND_ACCEPTED = 'If that address belongs to an account awaiting verification, a new verification link has been sent.';

const resendSchema = z.object({ email: emailField(), redirect: z.string().optional() });
const notificationSchema = z.object({ redirect: z.string().optional() });

const invalidLink = () => new HttpError(403, INVALID_LINK_MESSAGE);

/** Fortify's `POST /email/verification-notification` (host root; the signed-in, unverified user). */
export function verificationNotificationRoutes(ctx: AppContext): Router {
  const router = Router();
  const throttle = new AttemptThrottle(6, 60_000);

  router.post('/email/verification-notification', (req, res) => {
    if (!req.auth) throw unauthenticated();
    const user = currentUser(req);
    const { redirect } = validateBody(req, notificationSchema);
    if (user.email_verified_at) {
      res.status(204).end();
      return;
    }
    throttle.assertAllowed(res, user.email, req.ip);
    throttle.hit(user.email, req.ip);
    sendVerificationMail(ctx, user, safeRedirectPath(redirect));
    res.status(202).json({ message: VERIFICATION_SENT });
  });

  return router;
}

/**
 * /api/v1 routes open to guests: the signed link proves the mailbox, so it works in any browser
 * (signed in or not), and a new link can be asked for by address from the expired-link page.
 */
export function emailVerificationRoutes(ctx: AppContext): Router {
  const router = Router();
  const throttle = new AttemptThrottle(5, 60_000);

  router.get('/email/verify/:id/:hash', (req, res) => {
    const id = /^[1-9]\d{0,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
    const hash = req.params.hash;
    if (!id || !/^[0-9a-f]{64}$/.test(hash)) throw invalidLink();
    if (!verifySignedLink(appSecret(ctx.db), { id, hash, expires: req.query.expires, signature: req.query.signature })) throw invalidLink();
    const user = findUserById(ctx.db, id);
    // A link for an address the user has since changed must not verify the new one.
    if (!user || emailHash(user.email) !== hash) throw invalidLink();
    if (user.email_verified_at) {
      res.status(200).json({ message: 'Your email address is already verified.', verified: true });
      return;
    }
    ctx.db.prepare('UPDATE users SET email_verified_at = ?, updated_at = ? WHERE id = ?').run(nowIso(), nowIso(), id);
    res.status(200).json({ message: 'Your email address has been verified.', verified: true });
  });

  router.post('/email/resend', (req, res) => {
    const { email, redirect } = validateBody(req, resendSchema);
    throttle.assertAllowed(res, email, req.ip);
    throttle.hit(email, req.ip);
    const user = findUserByEmail(ctx.db, email);
    if (user && !user.email_verified_at) sendVerificationMail(ctx, user, safeRedirectPath(redirect));
    res.status(200).json({ message: RESEND_ACCEPTED });
  });

  return router;
}
