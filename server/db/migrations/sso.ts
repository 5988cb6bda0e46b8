import { NOW, type Migration } from '../migrations';

/** Links between identity-provider subjects and portal users, made at the first SSO sign-in. */
export const ssoMigrations: readonly Migration[] = [
  {
    id: 'sso-001',
    name: 'identity provider subjects linked to users',
    sql: `
      -- (issuer, subject) is the stable identity: an email can change at the provider, the subject does not.
      CREATE TABLE sso_identities (
        issuer     TEXT NOT NULL,
        subject    TEXT NOT NULL,
        user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT ${NOW},
        PRIMARY KEY (issuer, subject)
      );
      CREATE INDEX sso_identities_user_id ON sso_identities(user_id);
    `,
  },
];
