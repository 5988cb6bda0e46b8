import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** The one database handle type every server module takes. */
export type Database = BetterSqlite3.Database;

/**
 * Opens the SQLite database and sets the pragmas every connection needs.
 * `':memory:'` gives a private throw-away database (tests); anything else is a file whose
 * folder is created on demand so a fresh checkout starts without manual steps.
 */
export function openDatabase(file: string): Database {
  const inMemory = file === ':memory:' || file === '';
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new BetterSqlite3(inMemory ? ':memory:' : file);
  if (!inMemory) {
    // WAL lets readers (HTTP requests) proceed while a writer commits; NORMAL sync is the
    // documented safe pairing with WAL (durable across application crashes).
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  return withConnectionPragmas(db);
}

/**
 * A private in-memory database started from a copy of `image` (what `db.serialize()` returned):
 * tests open each server's database from one seeded image instead of seeding it again.
 */
export function openDatabaseImage(image: Buffer): Database {
  return withConnectionPragmas(new BetterSqlite3(image));
}

function withConnectionPragmas(db: Database): Database {
  // SQLite ships with foreign keys off; the schema relies on ON DELETE CASCADE.
  db.pragma('foreign_keys = ON');
  // A second process (e.g. a CLI poking the file) must not make requests fail at once.
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Deletes a database file and its WAL side files (`--fresh`). */
export function deleteDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

/** ISO-8601 UTC timestamp, the format every `*_at` column stores and the API returns. */
export function nowIso(): string {
  return new Date().toISOString();
}
