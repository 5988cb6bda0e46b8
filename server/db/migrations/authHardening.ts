import type { Migration } from '../migrations';

/** Sessions, tokens and SSO hardened (issue 27); Fortify's password confirmation (issue 26). */
export const authHardeningMigrations: readonly Migration[] = [
  {
    id: 'auth-hardening-001',
    name: 'token expiry, password confirmation time, spent identity tokens',
    sql: `
      -- Sanctum's expires_at: a token from the SSO exchange is good for a working day, not forever.
      ALTER TABLE personal_access_tokens ADD COLUMN expires_at TEXT;
      -- Fortify's auth.password_confirmed_at, kept per session or token (password.confirm).
      ALTER TABLE sessions ADD COLUMN password_confirmed_at TEXT;
      ALTER TABLE personal_access_tokens ADD COLUMN password_confirmed_at TEXT;
      -- Identity tokens the SSO exchange has taken once (sha256), kept until they expire: a replay is refused.
      CREATE TABLE sso_spent_tokens (
        token_hash TEXT PRIMARY KEY,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX sso_spent_tokens_expires_at ON sso_spent_tokens(expires_at);
    `,
  },
];
