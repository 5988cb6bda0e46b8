import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import { openSecret, sealSecret } from './secretBox';
import { safeEqual } from './tokens';

/** The name authenticator apps show beside the account (Fortify uses config('app.name')). */
export const TWO_FACTOR_ISSUER = 'Agent Portal';
/** Fortify's defaults: 8 recovery codes; a code may be one 30 s step early or late. */
const RECOVERY_CODE_COUNT = 8;
const WINDOW = 1;

const SECRET_PURPOSE = 'two-factor-secret';
const CODES_PURPOSE = 'two-factor-recovery-codes';

interface TwoFactorRow {
  email: string;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: string | null;
  two_factor_last_step: number | null;
}

export interface TwoFactorState {
  email: string;
  /** Base32 secret, or null when two-factor is not enabled. */
  secret: string | null;
  confirmed: boolean;
  recoveryCodes: string[];
}

function readRow(db: Database, userId: number): TwoFactorRow | undefined {
  return db
    .prepare('SELECT email, two_factor_secret, two_factor_recovery_codes, two_factor_confirmed_at, two_factor_last_step FROM users WHERE id = ?')
    .get(userId) as TwoFactorRow | undefined;
}

export function twoFactorState(db: Database, userId: number): TwoFactorState | null {
  const row = readRow(db, userId);
  if (!row) return null;
  const secret = row.two_factor_secret ? openSecret(db, SECRET_PURPOSE, row.two_factor_secret) : null;
  const codes = row.two_factor_recovery_codes ? openSecret(db, CODES_PURPOSE, row.two_factor_recovery_codes) : null;
  return {
    email: row.email,
    secret,
    confirmed: secret !== null && row.two_factor_confirmed_at !== null,
    recoveryCodes: codes ? (JSON.parse(codes) as string[]) : [],
  };
}

/** Fortify signs in with a challenge only when two-factor is enabled AND confirmed. */
export function requiresTwoFactor(db: Database, userId: number): boolean {
  return twoFactorState(db, userId)?.confirmed ?? false;
}

export function totpFor(secret: string, email: string): TOTP {
  return new TOTP({ issuer: TWO_FACTOR_ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** Laravel's Str::random(10): letters and digits. */
function randomText(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** Fortify's RecoveryCode::generate(): `Str::random(10).'-'.Str::random(10)`. */
function recoveryCode(): string {
  return `${randomText(10)}-${randomText(10)}`;
}

function storeRecoveryCodes(db: Database, userId: number, codes: string[]): void {
  db.prepare('UPDATE users SET two_factor_recovery_codes = ?, updated_at = ? WHERE id = ?').run(
    sealSecret(db, CODES_PURPOSE, JSON.stringify(codes)),
    nowIso(),
    userId,
  );
}

/**
 * Fortify's EnableTwoFactorAuthentication: a new secret and recovery codes, unconfirmed. Like
 * Fortify, an existing secret is kept unless `force`, so a second click does not invalidate the
 * QR code the user is scanning.
 */
export function enableTwoFactor(db: Database, userId: number, options: { force?: boolean; secret?: string } = {}): void {
  const state = twoFactorState(db, userId);
  if (state?.secret && !options.force && !options.secret) return;
  const secret = options.secret ?? new Secret({ size: 20 }).base32;
  db.prepare(
    'UPDATE users SET two_factor_secret = ?, two_factor_confirmed_at = NULL, two_factor_last_step = NULL, updated_at = ? WHERE id = ?',
  ).run(sealSecret(db, SECRET_PURPOSE, secret), nowIso(), userId);
  storeRecoveryCodes(db, userId, Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode));
}

export function confirmTwoFactor(db: Database, userId: number): void {
  db.prepare('UPDATE users SET two_factor_confirmed_at = ?, updated_at = ? WHERE id = ?').run(nowIso(), nowIso(), userId);
}

export function disableTwoFactor(db: Database, userId: number): void {
  db.prepare(
    `UPDATE users SET two_factor_secret = NULL, two_factor_recovery_codes = NULL, two_factor_confirmed_at = NULL,
       two_factor_last_step = NULL, updated_at = ? WHERE id = ?`,
  ).run(nowIso(), userId);
  db.prepare('DELETE FROM two_factor_challenges WHERE user_id = ?').run(userId);
}

export function regenerateRecoveryCodes(db: Database, userId: number): void {
  storeRecoveryCodes(db, userId, Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode));
}

/**
 * A TOTP code from the user's authenticator. Each time step is accepted once: the step of the
 * last accepted code is stored, and an equal or older one is refused (Fortify keeps the same
 * guard in its cache), so an observed code cannot be replayed.
 */
export function verifyTotp(db: Database, userId: number, code: string, now = Date.now()): boolean {
  const row = readRow(db, userId);
  const state = twoFactorState(db, userId);
  if (!row || !state?.secret || !/^\d{6}$/.test(code)) return false;
  const totp = totpFor(state.secret, state.email);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  if (row.two_factor_last_step !== null && step <= row.two_factor_last_step) return false;
  db.prepare('UPDATE users SET two_factor_last_step = ? WHERE id = ?').run(step, userId);
  return true;
}

/** Fortify's recovery-code sign-in: the code is spent and replaced by a fresh one. */
export function useRecoveryCode(db: Database, userId: number, code: string): boolean {
  const codes = twoFactorState(db, userId)?.recoveryCodes ?? [];
  const index = codes.findIndex((known) => safeEqual(known, code.trim()));
  if (index < 0) return false;
  codes[index] = recoveryCode();
  storeRecoveryCodes(db, userId, codes);
  return true;
}
