import type { Database } from '../db/connection';
import { GLOBAL_LEVEL } from '../auth/models';
import { can, computePermissions } from '../auth/permissions';
import { findUserById } from '../auth/users';
import { cachedStatement } from '../db/statements';

/**
 * Live watch (issue 28, docs/live-watch.md): a supervisor with `Live-Watch` read (and Reporting
 * read, which opens a conversation at all) may follow a live chat or call of their account
 * read-only. Level 9 on `Live-Watch` reaches every account, a lower level the user's own. The
 * HTTP route and the gateway's `conversation-watch` ask the same question here.
 */

export type WatchRefusal = 'forbidden' | 'not-found';

export interface WatchableConversation {
  id: number;
  uuid: string;
  accountId: number;
  channel: string;
  /** Live while `active` (a chat until it ends, a call until it completes). */
  live: boolean;
}

/** The conversation named by uuid or id if this user may watch it; why not otherwise. */
export function watchableConversation(db: Database, userId: number, key: string): WatchableConversation | WatchRefusal {
  const user = findUserById(db, userId);
  if (!user) return 'forbidden';
  const permissions = computePermissions(db, user);
  if (!can(permissions, 'Reporting', 'read') || !can(permissions, 'Live-Watch', 'read')) return 'forbidden';
  const byId = /^[1-9]\d{0,15}$/.test(key);
  if (!byId && !/^[0-9a-f-]{36}$/i.test(key)) return 'not-found';
  const row = cachedStatement(db, `SELECT id, uuid, account_id, channel, status FROM conversations WHERE ${byId ? 'id' : 'uuid'} = ?`).get(byId ? Number(key) : key.toLowerCase()) as
    | { id: number; uuid: string; account_id: number; channel: string; status: string }
    | undefined;
  // Another account's conversation answers as an unknown one: its existence is not told.
  // Every account only when both models reach every account (Reporting opens the conversation).
  const everywhere = permissions['Live-Watch'].level >= GLOBAL_LEVEL && permissions.Reporting.level >= GLOBAL_LEVEL;
  const reaches = (accountId: number) => everywhere || accountId === user.account_id;
  if (!row || !reaches(row.account_id)) return 'not-found';
  return { id: row.id, uuid: row.uuid, accountId: row.account_id, channel: row.channel, live: row.status === 'active' };
}
