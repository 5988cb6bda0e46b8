import type { Migration } from '../migrations';

/**
 * Live chats as server-side sessions (issue 28). A chat IS a conversation (channel chat, status
 * active while live, its transcript growing line by line), so reporting, the dashboard's active
 * figure and the review pages need nothing of their own; `chat_sessions` adds what only the live
 * console needs: whose open chat it is, its stream key, its name, and the last event number sent.
 */
export const chatMigrations: readonly Migration[] = [
  {
    id: 'chat-001',
    name: 'chat sessions over conversations; transcript line times and time to first byte',
    sql: `
      CREATE TABLE chat_sessions (
        stream_key      TEXT PRIMARY KEY,
        conversation_id INTEGER NOT NULL UNIQUE REFERENCES conversations(id) ON DELETE CASCADE,
        user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title           TEXT NOT NULL,
        bot_id          INTEGER,
        instance_id     INTEGER,
        -- The highest stream-message seq sent so far (a re-opened chat numbers on from here).
        last_seq        INTEGER NOT NULL DEFAULT 0,
        -- Set when the operator closed it: no longer listed among their open chats.
        closed_at       TEXT,
        created_at      TEXT NOT NULL
      );
      CREATE INDEX chat_sessions_open ON chat_sessions (user_id, closed_at);

      -- When each line was said (ISO) and, for a bot reply, how long its first byte took.
      ALTER TABLE conversation_transcript_lines ADD COLUMN at TEXT;
      ALTER TABLE conversation_transcript_lines ADD COLUMN ttfb_ms INTEGER;
    `,
  },
  {
    id: 'chat-002',
    name: 'Live-Watch permission for the roles that may edit reporting (supervisors) of an existing database',
    // A fresh database gets it from the seed; a database seeded before it, on the roles that
    // already manage reporting, at their reporting level (a read-only role does not supervise).
    sql: `
      INSERT OR IGNORE INTO role_permissions (role_id, model, browse, read, edit, "add", "delete", level)
      SELECT role_id, 'Live-Watch', 1, 1, 0, 0, 0, level FROM role_permissions WHERE model = 'Reporting' AND read = 1 AND edit = 1;
    `,
  },
];
