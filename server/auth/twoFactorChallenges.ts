import type { Database } from '../db/connection';
import { randomHex, sha256Hex } from './tokens';

/**
 * A pending sign-in between the password and the second factor (Fortify's `login.id` and
 * `login.remember` in the session). It lives ten minutes: long enough to open an authenticator,
 * short enough that a forgotten half sign-in is worth nothing later.
 */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface PendingChallenge {
  userId: number;
  remember: boolean;
}

/** Starts a challenge; returns the cookie value (only its hash is stored). */
export function createChallenge(db: Database, userId: number, remember: boolean): string {
  const id = randomHex(32);
  // One pending challenge per user: a new password step replaces the old one.
  db.prepare('DELETE FROM two_factor_challenges WHERE user_id = ?').run(userId);
  db.prepare('INSERT INTO two_factor_challenges (id_hash, user_id, remember) VALUES (?, ?, ?)').run(sha256Hex(id), userId, +remember);
  return id;
}

export function findChallenge(db: Database, id: string | undefined, now = Date.now()): PendingChallenge | null {
  if (!id || !/^[0-9a-f]{64}$/.test(id)) return null;
  const row = db.prepare('SELECT user_id, remember, created_at FROM two_factor_challenges WHERE id_hash = ?').get(sha256Hex(id)) as
    | { user_id: number; remember: number; created_at: string }
    | undefined;
  if (!row) return null;
  if (now - Date.parse(row.created_at) > CHALLENGE_TTL_MS) {
    deleteChallenge(db, id);
    return null;
  }
  return { userId: row.user_id, remember: row.remember === 1 };
}

export function deleteChallenge(db: Database, id: string): void {
  db.prepare('DELETE FROM two_factor_challenges WHERE id_hash = ?').run(sha256Hex(id));
}
