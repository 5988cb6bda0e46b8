import { NOW, type Migration } from '../migrations';

/** Account flows: password resets, per-user settings, and the server secret that signs mailed links. */
export const accountMigrations: readonly Migration[] = [
  {
    id: 'account-001',
    name: 'password reset tokens, user settings, app secrets',
    sql: `
      -- Fortify's table: one live token per address; only sha256(token) is kept, so a database
      -- leak does not hand out working reset links.
      CREATE TABLE password_reset_tokens (
        email      TEXT PRIMARY KEY COLLATE NOCASE,
        token_hash TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );

      -- theme_color stays on users (the sign-in payload carries it); the rest lives here.
      CREATE TABLE user_settings (
        user_id         INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        timezone        TEXT NOT NULL DEFAULT 'UTC',
        notify_product_updates INTEGER NOT NULL DEFAULT 1 CHECK (notify_product_updates IN (0, 1)),
        notify_weekly_summary  INTEGER NOT NULL DEFAULT 0 CHECK (notify_weekly_summary IN (0, 1)),
        updated_at      TEXT NOT NULL DEFAULT ${NOW}
      );

      -- Generated once per database, so signed links survive a restart (APP_KEY overrides it).
      CREATE TABLE app_secrets (
        name       TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );
    `,
  },
  {
    id: 'account-002',
    name: 'user settings: appearance (light, dark, system) and saved list views',
    sql: `
      ALTER TABLE user_settings ADD COLUMN appearance TEXT NOT NULL DEFAULT 'system' CHECK (appearance IN ('system', 'light', 'dark'));
      -- JSON, validated and bounded by the route (server/http/routes/userSettings.ts); NULL = none saved.
      ALTER TABLE user_settings ADD COLUMN list_views TEXT;
    `,
  },
];
