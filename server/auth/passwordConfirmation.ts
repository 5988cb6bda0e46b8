import type { RequestHandler } from 'express';
import { contextOf } from '../context';
import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import { HttpError, unauthenticated } from '../http/errors';
import type { RequestAuth } from './authenticate';

/** Laravel's `auth.password_timeout`: a confirmed password counts for three hours. */
export const PASSWORD_TIMEOUT_S = 10_800;

/** Laravel's RequirePassword middleware answers a JSON request with this (423 Locked). */
export const PASSWORD_CONFIRMATION_REQUIRED = 'Password confirmation required.';

/** Fortify's `auth.password_confirmed_at`, kept on the session (or Sanctum token) that confirmed. */
export function markPasswordConfirmed(db: Database, auth: RequestAuth, at = nowIso()): void {
  if (auth.via === 'session') db.prepare('UPDATE sessions SET password_confirmed_at = ? WHERE id = ?').run(at, auth.sessionId);
  else db.prepare('UPDATE personal_access_tokens SET password_confirmed_at = ? WHERE id = ?').run(at, auth.tokenId);
}

export function passwordRecentlyConfirmed(db: Database, auth: RequestAuth, now = Date.now()): boolean {
  const row =
    auth.via === 'session'
      ? (db.prepare('SELECT password_confirmed_at AS at FROM sessions WHERE id = ?').get(auth.sessionId) as { at: string | null } | undefined)
      : (db.prepare('SELECT password_confirmed_at AS at FROM personal_access_tokens WHERE id = ?').get(auth.tokenId) as { at: string | null } | undefined);
  if (!row?.at) return false;
  return now - Date.parse(row.at) < PASSWORD_TIMEOUT_S * 1000;
}

/** Fortify's `password.confirm`: 423 until the password was confirmed within the timeout. Mount after requireAuth. */
export const requirePasswordConfirmed: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(unauthenticated());
  next(passwordRecentlyConfirmed(contextOf(req).db, req.auth) ? undefined : new HttpError(423, PASSWORD_CONFIRMATION_REQUIRED));
};
