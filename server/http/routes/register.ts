import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { hashPassword } from '../../auth/password';
import { revokeSession } from '../../auth/sessions';
import { sendVerificationMail } from '../../mail/messages';
import { safeRedirectPath } from '../../mail/links';
import { sendRecord } from '../record';
import { ValidationError } from '../errors';
import { requiredString, validate } from '../validation';
import { assertEmailFree, EMAIL_TAKEN, emailField, startSession, userPayload, withConfirmedPassword } from './accountShared';

const registerSchema = withConfirmedPassword({ name: requiredString(255), email: emailField(), redirect: z.string().optional() });

/** Laravel reports every rule at once: a taken address shows up beside a too-short password. */
function validateWithUniqueEmail(ctx: AppContext, body: unknown) {
  try {
    return validate(registerSchema, body ?? {});
  } catch (error) {
    if (!(error instanceof ValidationError) || error.errors.email) throw error;
    const email = (body as { email?: unknown } | undefined)?.email;
    const taken = typeof email === 'string' && ctx.db.prepare('SELECT 1 FROM users WHERE email = ?').get(email.trim()) !== undefined;
    if (!taken) throw error;
    const { name, ...rest } = error.errors;
    throw new ValidationError({ ...(name ? { name } : {}), email: [EMAIL_TAKEN], ...rest });
  }
}

/** Fortify's `POST /register`: creates the user, signs them in and mails the verification link. */
export function registerRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/register', async (req, res) => {
    const input = validateWithUniqueEmail(ctx, req.body);
    assertEmailFree(ctx, input.email);
    const hash = await hashPassword(input.password);
    // Re-checked after the (slow) hash: two submits of the same form must not both succeed.
    assertEmailFree(ctx, input.email);
    const userId = Number(
      ctx.db.prepare('INSERT INTO users (name, email, password_hash) VALUES (?, ?, ?)').run(input.name, input.email, hash).lastInsertRowid,
    );
    if (req.auth?.via === 'session') revokeSession(ctx.db, req.auth.sessionId);
    startSession(ctx, req, res, userId);
    sendVerificationMail(ctx, { id: userId, email: input.email }, safeRedirectPath(input.redirect));
    sendRecord(res, userPayload(ctx, userId), 201);
  });

  return router;
}
