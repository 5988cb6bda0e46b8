import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import { randomHex, sha256Hex } from './tokens';
import { cachedStatement } from '../db/statements';

/** Laravel's default: a session not used for two hours is over. */
export const SESSION_IDLE_MS = 120 * 60 * 1000;
/** "Remember me" keeps a session alive across browser restarts for this long since last use. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionRow {
  id: string;
  user_id: number;
  remember: number;
  last_seen_at: string;
}

export interface NewSession {
  id: string;
  /** Plain chat token for the chat_session cookie; only its hash is stored. */
  chatToken: string;
}

export function createSession(
  db: Database,
  input: { userId: number; remember: boolean; ipAddress?: string | undefined; userAgent?: string | undefined },
): NewSession {
  const id = randomHex(32);
  const chatToken = randomHex(32);
  db.prepare(
    'INSERT INTO sessions (id, user_id, chat_token_hash, remember, ip_address, user_agent) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, input.userId, sha256Hex(chatToken), +input.remember, input.ipAddress ?? null, input.userAgent?.slice(0, 500) ?? null);
  return { id, chatToken };
}

function isExpired(row: SessionRow, now: number): boolean {
  const idle = now - Date.parse(row.last_seen_at);
  return idle > (row.remember ? REMEMBER_MS : SESSION_IDLE_MS);
}

/** The live session with this id, refreshing its last use; null when unknown, revoked or expired. */
export function findActiveSession(db: Database, id: string): SessionRow | null {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  const row = cachedStatement(db, 'SELECT id, user_id, remember, last_seen_at FROM sessions WHERE id = ? AND revoked_at IS NULL').get(id) as SessionRow | undefined;
  return row ? touch(db, row) : null;
}

/** For the chat gateway: the live session a chat_session token belongs to. */
export function findSessionByChatToken(db: Database, chatToken: string): SessionRow | null {
  if (!/^[0-9a-f]{64}$/.test(chatToken)) return null;
  const row = db
    .prepare('SELECT id, user_id, remember, last_seen_at FROM sessions WHERE chat_token_hash = ? AND revoked_at IS NULL')
    .get(sha256Hex(chatToken)) as SessionRow | undefined;
  return row ? touch(db, row) : null;
}

/** Whether the session is still signed in (not revoked, not expired), without counting this as a use. */
export function isSessionLive(db: Database, id: string): boolean {
  const row = cachedStatement(db, 'SELECT id, user_id, remember, last_seen_at FROM sessions WHERE id = ? AND revoked_at IS NULL').get(id) as SessionRow | undefined;
  return row !== undefined && !isExpired(row, Date.now());
}

function touch(db: Database, row: SessionRow): SessionRow | null {
  const now = Date.now();
  if (isExpired(row, now)) {
    revokeSession(db, row.id);
    return null;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    const seen = nowIso();
    cachedStatement(db, 'UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(seen, row.id);
    return { ...row, last_seen_at: seen };
  }
  return row;
}

export function revokeSession(db: Database, id: string): void {
  db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(nowIso(), id);
}
