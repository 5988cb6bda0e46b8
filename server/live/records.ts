import type { Database } from '../db/connection';
import type { LiveResource } from './resources';

/** A record as the live module names it: the id the portal's rows carry, and its account. */
export interface LiveRecord {
  id: string;
  accountId: number | null;
}

/**
 * The record `key` names (its numeric id, or for conversations also its uuid), or null when it
 * does not exist. Every identifier is ours (LIVE_RESOURCES); `key` travels as a bound parameter.
 */
export function findLiveRecord(db: Database, live: LiveResource, key: string): LiveRecord | null {
  const byId = /^\d{1,15}$/.test(key);
  if (!byId && live.idColumn === 'id') return null;
  const column = byId ? 'id' : live.idColumn;
  const row = db
    .prepare(`SELECT "${live.idColumn}" AS live_id, "${live.accountColumn}" AS account_id FROM ${live.table} WHERE "${column}" = ?`)
    .get(byId ? Number(key) : key.toLowerCase()) as { live_id: unknown; account_id: unknown } | undefined;
  if (!row) return null;
  return { id: String(row.live_id), accountId: typeof row.account_id === 'number' ? row.account_id : null };
}
