import type { Database } from './connection';

/**
 * Schema migrations, each identified by a stable `id` and recorded in `schema_migrations` once it
 * ran, so each runs exactly once per database file. Every area of the API (core, resources,
 * reporting, account flows, chat) keeps its own list in its own file; `server/db/schema.ts`
 * puts them in order. Ids are never reused, and a migration that has shipped is never edited.
 */
export interface Migration {
  /** Stable and unique, e.g. `core-001`, `resources-002`. */
  id: string;
  name: string;
  sql: string;
}

// Same text as Date#toISOString(), so SQL defaults and JS-written timestamps compare and sort alike.
export const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const coreMigrations: readonly Migration[] = [
  {
    id: 'core-001',
    name: 'accounts, users, roles, permissions, sessions, access tokens',
    sql: `
      CREATE TABLE accounts (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW},
        updated_at TEXT NOT NULL DEFAULT ${NOW}
      );

      CREATE TABLE users (
        id                INTEGER PRIMARY KEY,
        account_id        INTEGER REFERENCES accounts(id),
        name              TEXT NOT NULL,
        -- NOCASE: people type their address with any capitalisation; one account per address.
        email             TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash     TEXT NOT NULL,
        email_verified_at TEXT,
        is_admin          INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
        theme_color       TEXT,
        created_at        TEXT NOT NULL DEFAULT ${NOW},
        updated_at        TEXT NOT NULL DEFAULT ${NOW}
      );
      CREATE INDEX users_account_id ON users(account_id);

      CREATE TABLE roles (
        id          INTEGER PRIMARY KEY,
        -- NULL: a role shared by every account.
        account_id  INTEGER REFERENCES accounts(id),
        name        TEXT NOT NULL,
        description TEXT,
        created_at  TEXT NOT NULL DEFAULT ${NOW},
        updated_at  TEXT NOT NULL DEFAULT ${NOW}
      );
      CREATE INDEX roles_account_id ON roles(account_id);

      -- One row per (role, model); a model without a row grants nothing.
      CREATE TABLE role_permissions (
        role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        model   TEXT NOT NULL,
        browse  INTEGER NOT NULL DEFAULT 0 CHECK (browse IN (0, 1)),
        read    INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
        edit    INTEGER NOT NULL DEFAULT 0 CHECK (edit IN (0, 1)),
        "add"   INTEGER NOT NULL DEFAULT 0 CHECK ("add" IN (0, 1)),
        "delete" INTEGER NOT NULL DEFAULT 0 CHECK ("delete" IN (0, 1)),
        level   INTEGER NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 9),
        PRIMARY KEY (role_id, model)
      );

      CREATE TABLE user_roles (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      );
      CREATE INDEX user_roles_role_id ON user_roles(role_id);

      CREATE TABLE sessions (
        -- The portal_session cookie value: 32 random bytes, hex.
        id              TEXT PRIMARY KEY,
        user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        -- sha256 of the chat_session cookie; the chat gateway authenticates with it.
        chat_token_hash TEXT NOT NULL UNIQUE,
        remember        INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
        ip_address      TEXT,
        user_agent      TEXT,
        created_at      TEXT NOT NULL DEFAULT ${NOW},
        last_seen_at    TEXT NOT NULL DEFAULT ${NOW},
        revoked_at      TEXT
      );
      CREATE INDEX sessions_user_id ON sessions(user_id);

      -- Sanctum-style tokens: the client holds "<id>|<plain>", we keep only sha256(plain).
      CREATE TABLE personal_access_tokens (
        id           INTEGER PRIMARY KEY,
        user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name         TEXT NOT NULL,
        token_hash   TEXT NOT NULL UNIQUE,
        created_at   TEXT NOT NULL DEFAULT ${NOW},
        last_used_at TEXT
      );
      CREATE INDEX personal_access_tokens_user_id ON personal_access_tokens(user_id);
    `,
  },
];

/**
 * Brings the schema up to date. Each migration and its record commit together, so a crash
 * mid-way leaves the database as it was before that migration, never half-migrated.
 * Returns the ids that ran.
 */
export function migrate(db: Database, list: readonly Migration[]): string[] {
  const ids = new Set<string>();
  for (const migration of list) {
    if (ids.has(migration.id)) throw new Error(`Migration id "${migration.id}" is used twice`);
    ids.add(migration.id);
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT ${NOW})`);
  const applied = new Set((db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((row) => row.id));
  const unknown = [...applied].filter((id) => !ids.has(id));
  if (unknown.length > 0) {
    throw new Error(`Database has migrations this server does not know (${unknown.join(', ')}); refusing to run`);
  }
  const record = db.prepare('INSERT INTO schema_migrations (id, name) VALUES (?, ?)');
  const ran: string[] = [];
  for (const migration of list) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name);
    })();
    ran.push(migration.id);
  }
  return ran;
}
