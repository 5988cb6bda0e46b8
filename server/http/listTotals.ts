/**
 * List totals counted once per query and kept until the listed table changes (its version,
 * e.g. `reporting_versions`, bumped by triggers on every write). Paging through a filter that
 * rollups cannot answer (search, status, bot…) then counts on the first page only.
 */
import type { Database } from '../db/connection';

const MAX_ENTRIES = 500;
/** Per database: several servers (tests) may share a process, each with its own versions. */
const caches = new WeakMap<Database, Map<string, { version: number; total: number }>>();

export function cachedTotal(db: Database, key: string, version: (() => number) | undefined, count: () => number): number {
  if (!version) return count();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const current = version();
  const hit = cache.get(key);
  if (hit && hit.version === current) {
    // Re-insert: Map order doubles as least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit.total;
  }
  const total = count();
  cache.delete(key);
  cache.set(key, { version: current, total });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return total;
}
