import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import { safeEqual, sha256Hex } from './tokens';

export interface AccessTokenRow {
  id: number;
  user_id: number;
}

/**
 * Sanctum's shape: 40 random characters, handed out as "<id>|<plain>"; only sha256(plain) is kept.
 * `expiresInMs` sets Sanctum's `expires_at`: after it the token is refused like an unknown one.
 */
export function createAccessToken(db: Database, userId: number, name: string, options: { expiresInMs?: number } = {}): string {
  const plain = randomBytes(30).toString('base64url').slice(0, 40);
  const expiresAt = options.expiresInMs === undefined ? null : new Date(Date.now() + options.expiresInMs).toISOString();
  const id = Number(
    db
      .prepare('INSERT INTO personal_access_tokens (user_id, name, token_hash, expires_at) VALUES (?, ?, ?, ?)')
      .run(userId, name, sha256Hex(plain), expiresAt).lastInsertRowid,
  );
  return `${id}|${plain}`;
}

/** Resolves a Bearer value; the id selects the row, the hash comparison is constant-time. */
export function findAccessToken(db: Database, bearer: string): AccessTokenRow | null {
  const match = /^(\d{1,15})\|([A-Za-z0-9_-]{20,200})$/.exec(bearer);
  if (!match) return null;
  const row = db
    .prepare('SELECT id, user_id, token_hash, expires_at FROM personal_access_tokens WHERE id = ?')
    .get(Number(match[1])) as (AccessTokenRow & { token_hash: string; expires_at: string | null }) | undefined;
  if (!row || !safeEqual(row.token_hash, sha256Hex(match[2] as string))) return null;
  if (row.expires_at !== null && Date.parse(row.expires_at) <= Date.now()) {
    revokeAccessToken(db, row.id);
    return null;
  }
  db.prepare('UPDATE personal_access_tokens SET last_used_at = ? WHERE id = ?').run(nowIso(), row.id);
  return { id: row.id, user_id: row.user_id };
}

export function revokeAccessToken(db: Database, id: number): void {
  db.prepare('DELETE FROM personal_access_tokens WHERE id = ?').run(id);
}
