import { NOW, type Migration } from '../migrations';

/**
 * Fortify's two-factor columns on users, plus the pending sign-in challenges. Fortify keeps the
 * challenge in the Laravel session (`login.id`); our sessions exist only once signed in, so the
 * "half signed-in" state is its own short-lived row behind an HttpOnly cookie.
 */
export const twoFactorMigrations: readonly Migration[] = [
  {
    id: 'two-factor-001',
    name: 'two-factor secrets, recovery codes, sign-in challenges',
    sql: `
      -- Secret and recovery codes are encrypted with the app secret (Fortify encrypts with APP_KEY).
      ALTER TABLE users ADD COLUMN two_factor_secret TEXT;
      ALTER TABLE users ADD COLUMN two_factor_recovery_codes TEXT;
      ALTER TABLE users ADD COLUMN two_factor_confirmed_at TEXT;
      -- The last TOTP time step accepted: a code is good once, never replayed within its window.
      ALTER TABLE users ADD COLUMN two_factor_last_step INTEGER;

      CREATE TABLE two_factor_challenges (
        -- sha256 of the cookie value: the cookie alone proves the password step was passed.
        id_hash    TEXT PRIMARY KEY,
        user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        remember   INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );
      CREATE INDEX two_factor_challenges_user_id ON two_factor_challenges(user_id);
    `,
  },
];
