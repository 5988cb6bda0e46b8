import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../auth/authenticate';
import { sendVerificationMail } from '../../mail/messages';
import { sendRecord } from '../record';
import { requiredString, validate, validateBody } from '../validation';
import {
  assertCurrentPassword,
  assertEmailFree,
  changeEmail,
  emailField,
  setPassword,
  userPayload,
  withConfirmedPassword,
} from './accountShared';

export const changePasswordSchema = withConfirmedPassword({ current_password: z.string().min(1).max(1024) });
const profileSchema = z.object({ name: requiredString(255), email: emailField() });

/** Changes the signed-in user's password after checking the current one (both password routes). */
export async function changePassword(ctx: AppContext, userId: number, body: unknown): Promise<void> {
  const input = validate(changePasswordSchema, body ?? {});
  await assertCurrentPassword(ctx, userId, input.current_password, 'current_password');
  await setPassword(ctx, userId, input.password);
}

/** Fortify's host-root profile routes: `PUT /user/password`, `PUT /user/profile-information`. */
export function profileRoutes(ctx: AppContext): Router {
  const router = Router();

  router.put('/user/password', requireAuth, async (req, res) => {
    await changePassword(ctx, currentUser(req).id, req.body);
    res.status(200).json({ message: 'Your password has been updated.' });
  });

  router.put('/user/profile-information', requireAuth, (req, res) => {
    const user = currentUser(req);
    const input = validateBody(req, profileSchema);
    assertEmailFree(ctx, input.email, user.id);
    const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
    ctx.db.prepare('UPDATE users SET name = ? WHERE id = ?').run(input.name, user.id);
    if (emailChanged) {
      changeEmail(ctx, user.id, input.email);
      sendVerificationMail(ctx, { id: user.id, email: input.email }, '/users/settings');
    }
    sendRecord(res, userPayload(ctx, user.id));
  });

  return router;
}
