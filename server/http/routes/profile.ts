import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../auth/authenticate';
import { sendVerificationMail } from '../../mail/messages';
import { fieldError } from '../errors';
import { sendRecord } from '../record';
import { requiredString, validate, validateBody } from '../validation';
import {
  assertCurrentPassword,
  assertEmailFree,
  changeEmail,
  emailField,
  revokeOtherSessions,
  setPassword,
  thisSignIn,
  userPayload,
  withConfirmedPassword,
} from './accountShared';

export const changePasswordSchema = withConfirmedPassword({ current_password: z.string().min(1).max(1024) });
const profileSchema = z.object({ name: requiredString(255), email: emailField(), current_password: z.string().max(1024).optional() });

export const CURRENT_PASSWORD_FOR_EMAIL = 'The current password field is required to change the email.';

/**
 * Changes the signed-in user's password after checking the current one (both password routes),
 * then signs out every other session and token of the user.
 */
export async function changePassword(ctx: AppContext, req: Request): Promise<void> {
  const userId = currentUser(req).id;
  const input = validate(changePasswordSchema, req.body ?? {});
  await assertCurrentPassword(ctx, userId, input.current_password, 'current_password');
  await setPassword(ctx, userId, input.password);
  revokeOtherSessions(ctx, userId, thisSignIn(req));
}

/** Fortify's host-root profile routes: `PUT /user/password`, `PUT /user/profile-information`. */
export function profileRoutes(ctx: AppContext): Router {
  const router = Router();

  router.put('/user/password', requireAuth, async (req, res) => {
    await changePassword(ctx, req);
    res.status(200).json({ message: 'Your password has been updated.' });
  });

  router.put('/user/profile-information', requireAuth, async (req, res) => {
    const user = currentUser(req);
    const input = validateBody(req, profileSchema);
    assertEmailFree(ctx, input.email, user.id);
    const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
    // The address receives reset links: taking it over must need more than a borrowed session.
    if (emailChanged) {
      if (!input.current_password) throw fieldError('current_password', CURRENT_PASSWORD_FOR_EMAIL);
      await assertCurrentPassword(ctx, user.id, input.current_password, 'current_password');
    }
    ctx.db.prepare('UPDATE users SET name = ? WHERE id = ?').run(input.name, user.id);
    if (emailChanged) {
      changeEmail(ctx, user.id, input.email);
      sendVerificationMail(ctx, { id: user.id, email: input.email }, '/users/settings');
    }
    sendRecord(res, userPayload(ctx, user.id));
  });

  return router;
}
