import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { issueXsrfToken } from '../../auth/csrf';
import { hashPassword, verifyPassword } from '../../auth/password';
import { newPasswordField } from '../../auth/passwordRule';
import { createSession } from '../../auth/sessions';
import { findUserById, userRoles, type AuthUser } from '../../auth/users';
import { nowIso } from '../../db/connection';
import { COOKIE, sessionCookieName, cookieOptions } from '../cookies';
import { fieldError } from '../errors';

/** Laravel's `Password::defaults()` (min 8, not a common password) plus `confirmed`, with Laravel's texts. */
export function withConfirmedPassword<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: newPasswordField(), password_confirmation: z.string().max(1024).optional() })
    .superRefine((value, issue) => {
      const passwords = value as { password: string; password_confirmation?: string };
      if (passwords.password !== passwords.password_confirmation) {
        issue.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
      }
    });
}

export const emailField = () => z.string().trim().min(1).max(255).pipe(z.email());

export const EMAIL_TAKEN = 'The email has already been taken.';
export const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';

/** Laravel's `unique:users,email` (ignoring the user's own row when changing it). */
export function assertEmailFree(ctx: AppContext, email: string, exceptUserId?: number): void {
  const row = ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined;
  if (row && row.id !== exceptUserId) throw fieldError('email', EMAIL_TAKEN);
}

/** Laravel's `current_password` rule. */
export async function assertCurrentPassword(ctx: AppContext, userId: number, password: string, field: string): Promise<void> {
  const row = ctx.db.prepare('SELECT password_hash FROM users WHERE id = ?').get(userId) as { password_hash: string } | undefined;
  if (!row || !(await verifyPassword(password, row.password_hash))) throw fieldError(field, WRONG_CURRENT_PASSWORD);
}

/**
 * Sets a new password. A sign-in half done with the old one (the password step passed, the
 * second factor pending) dies with it: the old password must not finish a sign-in later.
 */
export async function setPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  ctx.db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, nowIso(), userId);
  endPendingSignIns(ctx, userId);
}

/** Forgets the user's pending two-factor challenges (a password step passed, the code not yet given). */
export function endPendingSignIns(ctx: AppContext, userId: number): void {
  ctx.db.prepare('DELETE FROM two_factor_challenges WHERE user_id = ?').run(userId);
}

/** The session or token of this request, to keep when the user's others are ended. */
export function thisSignIn(req: Request): { sessionId?: string; tokenId?: number } {
  const auth = req.auth;
  return auth?.via === 'session' ? { sessionId: auth.sessionId } : auth?.via === 'token' ? { tokenId: auth.tokenId } : {};
}

/** After a password reset nobody who knew the old password may stay signed in. */
export function revokeEverySession(ctx: AppContext, userId: number): void {
  ctx.db.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(nowIso(), userId);
  ctx.db.prepare('DELETE FROM personal_access_tokens WHERE user_id = ?').run(userId);
}

/**
 * After a password change only the session (or token) that made it stays signed in: whoever
 * else knew the old password, in another browser or with a token, is signed out.
 */
export function revokeOtherSessions(ctx: AppContext, userId: number, keep: { sessionId?: string; tokenId?: number }): void {
  ctx.db.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?').run(nowIso(), userId, keep.sessionId ?? null);
  ctx.db.prepare('DELETE FROM personal_access_tokens WHERE user_id = ? AND id IS NOT ?').run(userId, keep.tokenId ?? null);
}

/** The new address must be verified again (Fortify's MustVerifyEmail). */
export function changeEmail(ctx: AppContext, userId: number, email: string): void {
  ctx.db.prepare('UPDATE users SET email = ?, email_verified_at = NULL, updated_at = ? WHERE id = ?').run(email, nowIso(), userId);
}

/** Same cookies as `POST /login`: Fortify signs a newly registered user in. */
export function startSession(ctx: AppContext, req: Request, res: Response, userId: number): void {
  const session = createSession(ctx.db, { userId, remember: false, ipAddress: req.ip, userAgent: req.get('user-agent') });
  res.cookie(sessionCookieName(req), session.id, cookieOptions(req, { httpOnly: true }));
  res.cookie(COOKIE.chat, session.chatToken, cookieOptions(req, { httpOnly: false }));
  issueXsrfToken(req, res, session.id);
}

/** The user as GET /api/v1/users/auth returns it. */
function twoFactorConfirmedAt(ctx: AppContext, userId: number): string | null {
  const row = ctx.db.prepare('SELECT two_factor_confirmed_at FROM users WHERE id = ? AND two_factor_secret IS NOT NULL').get(userId) as
    | { two_factor_confirmed_at: string | null }
    | undefined;
  return row?.two_factor_confirmed_at ?? null;
}

export function userPayload(ctx: AppContext, userId: number): Record<string, unknown> {
  const user = findUserById(ctx.db, userId) as AuthUser;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.is_admin === 1,
    theme_color: user.theme_color,
    account_id: user.account_id,
    email_verified_at: user.email_verified_at,
    // Fortify's column, visible on Laravel's user by default: the portal's /settings reads it.
    two_factor_confirmed_at: twoFactorConfirmedAt(ctx, user.id),
    roles: userRoles(ctx.db, user.id),
  };
}
