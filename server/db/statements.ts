import type { Statement } from 'better-sqlite3';
import type { Database } from './connection';

const statements = new WeakMap<Database, Map<string, Statement>>();

/**
 * A prepared statement reused across requests: preparing parses and plans the SQL each time,
 * which costs more than the small queries every request runs (session, user, permissions,
 * one conversation): 100 requests arriving at once spent a third of their time in prepare.
 * Only for `.get`/`.all`/`.run` (they finish before returning); `raw` statements are kept apart
 * so a raw caller never changes how another caller's rows look.
 */
export function cachedStatement(db: Database, sql: string, raw = false): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const key = `${raw ? 'raw' : 'objects'} ${sql}`;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    // raw() throws on a statement that returns no rows (UPDATE …), even raw(false).
    if (raw) statement.raw(true);
    cache.set(key, statement);
    // Distinct texts are few (filters × sorts in use, a fixed set elsewhere); keep the most recent ones.
    if (cache.size > 300) cache.delete(cache.keys().next().value as string);
  } else {
    // Most recently used last, so the oldest one goes first.
    cache.delete(key);
    cache.set(key, statement);
  }
  return statement;
}
