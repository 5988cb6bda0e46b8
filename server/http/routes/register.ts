import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { hashPassword } from '../../auth/password';
import { revokeSession } from '../../auth/sessions';
import { sendVerificationMail } from '../../mail/messages';
import { safeRedirectPath } from '../../mail/links';
import { sendRecord } from '../record';
import { requiredString, validateBody } from '../validation';
import { assertEmailFree, emailField, startSession, userPayload, withConfirmedPassword } from './accountShared';

const registerSchema = withConfirmedPassword({ name: requiredString(255), email: emailField(), redirect: z.string().optional() });

/** Fortify's `POST /register`: creates the user, signs them in and mails the verification link. */
export function registerRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/register', async (req, res) => {
    const input = validateBody(req, registerSchema);
    assertEmailFree(ctx, input.email);
    const hash = await hashPassword(input.password);
    // Re-checked after the (slow) hash: two submits of the same form must not both succeed.
    assertEmailFree(ctx, input.email);
    const userId = Number(
      ctx.db.prepare('INSERT INTO users (name, email, password_hash) VALUES (?, ?, ?)').run(input.name, input.email, hash).lastInsertRowid,
    );
    if (req.auth?.via === 'session') revokeSession(ctx.db, req.auth.sessionId);
    startSession(ctx, req, res, userId);
    sendVerificationMail(ctx, req, { id: userId, email: input.email }, safeRedirectPath(input.redirect));
    sendRecord(res, userPayload(ctx, userId), 201);
  });

  return router;
}
