import type { Migration } from '../migrations';

export const reportingMigrations: readonly Migration[] = [
  {
    id: 'reporting-001',
    name: 'conversations',
    sql: `
      CREATE TABLE conversations (
        id               INTEGER PRIMARY KEY,
        uuid             TEXT NOT NULL UNIQUE,
        account_id       INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        instance_id      INTEGER,
        bot_id           INTEGER,
        contact_id       INTEGER,
        channel          TEXT NOT NULL DEFAULT 'voice' CHECK (channel IN ('voice', 'chat')),
        direction        TEXT NOT NULL DEFAULT 'inbound' CHECK (direction IN ('inbound', 'outbound')),
        status           TEXT NOT NULL DEFAULT 'completed' CHECK (status IN ('active', 'completed', 'failed')),
        phone_number     TEXT,
        started_at       TEXT NOT NULL,
        ended_at         TEXT,
        duration_seconds INTEGER NOT NULL DEFAULT 0,
        cost             REAL NOT NULL DEFAULT 0,
        letter_grade     TEXT CHECK (letter_grade IN ('A', 'B', 'C', 'D', 'F')),
        disposition_id   INTEGER,
        created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        updated_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE INDEX conversations_account_started ON conversations (account_id, started_at);
    `,
  },
];
