import type { Migration } from '../migrations';
import { reportingMonthlyMigration, reportingScaleMigration, reportingSortMigration } from './reportingScale';

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
  /**
   * What a conversation report shows beyond its row. Each table hangs off `conversations.id`
   * and cascades with it; `role_id` says which role's dispositions and scorecards graded the
   * conversation (role statistics group by it).
   */
  {
    id: 'reporting-002',
    name: 'conversation report: role, summary, recordings, transcript, log, actions, quotes, usage, data',
    sql: `
    ALTER TABLE conversations ADD COLUMN role_id INTEGER;
    ALTER TABLE conversations ADD COLUMN summary TEXT;
    CREATE INDEX conversations_role_id ON conversations (role_id);
    CREATE INDEX conversations_instance_id ON conversations (instance_id);

    CREATE TABLE conversation_recordings (
      id               INTEGER PRIMARY KEY,
      uuid             TEXT NOT NULL UNIQUE,
      conversation_id  INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      label            TEXT NOT NULL,
      -- 0: the call was recorded but its audio is not kept (retention); the report says so.
      has_audio        INTEGER NOT NULL DEFAULT 1 CHECK (has_audio IN (0, 1)),
      duration_seconds INTEGER NOT NULL DEFAULT 0,
      -- Seed of the generated demo tone, so the same recording always sounds the same.
      tone_hz          INTEGER NOT NULL DEFAULT 440,
      created_at       TEXT NOT NULL
    );
    CREATE INDEX conversation_recordings_conversation ON conversation_recordings (conversation_id);

    CREATE TABLE conversation_transcript_lines (
      id              INTEGER PRIMARY KEY,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      position        INTEGER NOT NULL,
      role            TEXT NOT NULL CHECK (role IN ('user', 'bot', 'system')),
      text            TEXT NOT NULL,
      -- Offset from the start of the conversation, "h:m:s" as the telephony side reports it.
      time            TEXT NOT NULL
    );
    CREATE INDEX conversation_transcript_lines_conversation ON conversation_transcript_lines (conversation_id, position);

    CREATE TABLE conversation_logs (
      id              INTEGER PRIMARY KEY,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      level           TEXT NOT NULL CHECK (level IN ('debug', 'info', 'warning', 'error')),
      event           TEXT NOT NULL,
      message         TEXT NOT NULL,
      logged_at       TEXT NOT NULL
    );
    CREATE INDEX conversation_logs_conversation ON conversation_logs (conversation_id, logged_at);

    CREATE TABLE conversation_actions (
      id              INTEGER PRIMARY KEY,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      action_id       INTEGER,
      name            TEXT NOT NULL,
      kind            TEXT NOT NULL,
      status          TEXT NOT NULL CHECK (status IN ('succeeded', 'failed', 'skipped')),
      detail          TEXT,
      executed_at     TEXT NOT NULL
    );
    CREATE INDEX conversation_actions_conversation ON conversation_actions (conversation_id);

    CREATE TABLE conversation_quotes (
      id              INTEGER PRIMARY KEY,
      uuid            TEXT NOT NULL UNIQUE,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      role            TEXT NOT NULL CHECK (role IN ('user', 'bot')),
      text            TEXT NOT NULL,
      time            TEXT NOT NULL,
      sentiment       TEXT NOT NULL CHECK (sentiment IN ('positive', 'neutral', 'negative'))
    );
    CREATE INDEX conversation_quotes_conversation ON conversation_quotes (conversation_id);

    CREATE TABLE conversation_usage (
      id              INTEGER PRIMARY KEY,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      item            TEXT NOT NULL,
      quantity        REAL NOT NULL,
      unit            TEXT NOT NULL,
      unit_cost       REAL NOT NULL,
      cost            REAL NOT NULL
    );
    CREATE INDEX conversation_usage_conversation ON conversation_usage (conversation_id);

    CREATE TABLE conversation_data (
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      key             TEXT NOT NULL,
      value           TEXT,
      PRIMARY KEY (conversation_id, key)
    );
    `,
  },
  reportingScaleMigration,
  reportingMonthlyMigration,
  reportingSortMigration,
];
