import type { Database } from './connection';

/**
 * Ordered schema migrations. The database's `PRAGMA user_version` records how many have run,
 * so each migration runs exactly once per database file.
 *
 * To change the schema, APPEND a migration (never edit one that has shipped: existing
 * databases already ran it). Later tables (bots, agents, … conversations) go in new entries.
 */
export interface Migration {
  /** 1-based and consecutive: the value `user_version` takes once this migration ran. */
  version: number;
  name: string;
  sql: string;
}

// Same text as Date#toISOString(), so SQL defaults and JS-written timestamps compare and sort alike.
const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const migrations: readonly Migration[] = [
  {
    version: 1,
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
 * Brings the schema up to date. Each migration and its version bump commit together, so a
 * crash mid-way leaves the database at the previous version, never half-migrated.
 * Returns the versions that ran.
 */
export function migrate(db: Database, list: readonly Migration[] = migrations): number[] {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.name}" has version ${migration.version}, expected ${index + 1}`);
    }
  });
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new Error(`Database schema version ${current} is newer than this server (${list.length}); refusing to run`);
  }
  const applied: number[] = [];
  for (const migration of list.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      // PRAGMA cannot take bound parameters; the version is an integer we control.
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
