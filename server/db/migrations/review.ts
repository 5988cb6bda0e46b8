import { NOW, type Migration } from '../migrations';
import { reviewReviewerMigration, reviewScaleMigration } from './reviewScale';

/**
 * Conversation review (issue 29, docs/review-contract.md): versioned scorecard items,
 * evaluations with their answers, notes pinned to a transcript line or an audio moment, and the
 * per-turn timings of each conversation with a latency histogram per bot and day.
 */
export const reviewMigrations: readonly Migration[] = [
  {
    id: 'review-001',
    name: 'scorecard items and versions, evaluations, pinned notes, turn timings',
    sql: `
    -- The scorecard's current version: editing items of a version that evaluations used makes a new one.
    ALTER TABLE scorecards ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

    CREATE TABLE scorecard_versions (
      scorecard_id INTEGER NOT NULL REFERENCES scorecards(id) ON DELETE CASCADE,
      version      INTEGER NOT NULL,
      created_at   TEXT NOT NULL DEFAULT ${NOW},
      PRIMARY KEY (scorecard_id, version)
    ) WITHOUT ROWID;

    CREATE TABLE scorecard_items (
      id           INTEGER PRIMARY KEY,
      scorecard_id INTEGER NOT NULL,
      version      INTEGER NOT NULL,
      position     INTEGER NOT NULL,
      question     TEXT NOT NULL,
      kind         TEXT NOT NULL CHECK (kind IN ('yes_no', 'scale')),
      allow_na     INTEGER NOT NULL DEFAULT 0 CHECK (allow_na IN (0, 1)),
      weight       REAL NOT NULL DEFAULT 1 CHECK (weight >= 0),
      critical     INTEGER NOT NULL DEFAULT 0 CHECK (critical IN (0, 1)),
      FOREIGN KEY (scorecard_id, version) REFERENCES scorecard_versions (scorecard_id, version) ON DELETE CASCADE
    );
    CREATE INDEX scorecard_items_version ON scorecard_items (scorecard_id, version, position);

    CREATE TABLE conversation_evaluations (
      id                INTEGER PRIMARY KEY,
      conversation_id   INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      scorecard_id      INTEGER NOT NULL,
      scorecard_version INTEGER NOT NULL,
      -- 1, 2, …: a re-score adds a revision, nothing is overwritten.
      revision          INTEGER NOT NULL,
      status            TEXT NOT NULL CHECK (status IN ('draft', 'submitted')),
      reviewer_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
      reviewer_name     TEXT NOT NULL,
      comment           TEXT,
      score             REAL,
      letter_grade      TEXT CHECK (letter_grade IN ('A', 'B', 'C', 'D', 'F')),
      critical_failed   INTEGER NOT NULL DEFAULT 0,
      -- 1 on the conversation's latest submitted evaluation (its grade); statistics read these.
      current           INTEGER NOT NULL DEFAULT 0,
      -- The conversation's account, links and UTC day, copied so statistics need no join.
      account_id        INTEGER NOT NULL,
      role_id           INTEGER,
      instance_id       INTEGER,
      bot_id            INTEGER,
      day               TEXT NOT NULL,
      created_at        TEXT NOT NULL DEFAULT ${NOW},
      updated_at        TEXT NOT NULL DEFAULT ${NOW},
      submitted_at      TEXT,
      FOREIGN KEY (scorecard_id, scorecard_version) REFERENCES scorecard_versions (scorecard_id, version) ON DELETE CASCADE
    );
    CREATE INDEX conversation_evaluations_conversation ON conversation_evaluations (conversation_id, revision);
    CREATE INDEX conversation_evaluations_reviewer ON conversation_evaluations (reviewer_id, status, conversation_id);
    CREATE INDEX conversation_evaluations_current ON conversation_evaluations (current, day, account_id);
    CREATE INDEX conversation_evaluations_version ON conversation_evaluations (scorecard_id, scorecard_version);

    CREATE TABLE evaluation_answers (
      evaluation_id INTEGER NOT NULL REFERENCES conversation_evaluations(id) ON DELETE CASCADE,
      item_id       INTEGER NOT NULL REFERENCES scorecard_items(id) ON DELETE CASCADE,
      value         TEXT CHECK (value IN ('yes', 'no', 'na', '1', '2', '3', '4', '5')),
      comment       TEXT,
      PRIMARY KEY (evaluation_id, item_id)
    ) WITHOUT ROWID;

    -- The latest submitted evaluation's score (NULL: not evaluated); letter_grade follows it.
    ALTER TABLE conversations ADD COLUMN evaluation_score REAL;
    CREATE INDEX conversations_evaluation_score ON conversations (evaluation_score, started_at);

    CREATE TABLE conversation_notes (
      id              INTEGER PRIMARY KEY,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      author_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
      author_name     TEXT NOT NULL,
      -- Pinned to a transcript line, or (NULL) to a moment of the audio.
      line_id         INTEGER REFERENCES conversation_transcript_lines(id) ON DELETE CASCADE,
      seconds         REAL NOT NULL,
      body            TEXT NOT NULL,
      created_at      TEXT NOT NULL DEFAULT ${NOW},
      updated_at      TEXT NOT NULL DEFAULT ${NOW}
    );
    CREATE INDEX conversation_notes_conversation ON conversation_notes (conversation_id, seconds);

    -- One row per bot turn: the response latency and, where the log carries them, its stages.
    CREATE TABLE conversation_turn_timings (
      id              INTEGER PRIMARY KEY,
      conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      line_id         INTEGER REFERENCES conversation_transcript_lines(id) ON DELETE CASCADE,
      position        INTEGER NOT NULL,
      latency_ms      INTEGER NOT NULL CHECK (latency_ms >= 0),
      stt_ms          INTEGER,
      llm_ms          INTEGER,
      tts_ms          INTEGER,
      tool_ms         INTEGER,
      account_id      INTEGER NOT NULL,
      bot_id          INTEGER NOT NULL DEFAULT 0,
      day             TEXT NOT NULL
    );
    CREATE INDEX conversation_turn_timings_conversation ON conversation_turn_timings (conversation_id, position);

    -- Latency counts per UTC day, account, bot (0: none) and 10 ms bucket: p50/p90 per bot and
    -- day read a few hundred rows, whatever the number of turns.
    CREATE TABLE turn_latency_rollups (
      day        TEXT NOT NULL,
      account_id INTEGER NOT NULL,
      bot_id     INTEGER NOT NULL,
      bucket     INTEGER NOT NULL,
      turns      INTEGER NOT NULL,
      PRIMARY KEY (day, account_id, bot_id, bucket)
    ) WITHOUT ROWID;

    CREATE TRIGGER conversation_turn_timings_after_insert AFTER INSERT ON conversation_turn_timings BEGIN
      INSERT INTO turn_latency_rollups (day, account_id, bot_id, bucket, turns)
        VALUES (NEW.day, NEW.account_id, NEW.bot_id, MIN(NEW.latency_ms / 10, 3000), 1)
        ON CONFLICT (day, account_id, bot_id, bucket) DO UPDATE SET turns = turns + 1;
    END;
    CREATE TRIGGER conversation_turn_timings_after_delete AFTER DELETE ON conversation_turn_timings BEGIN
      UPDATE turn_latency_rollups SET turns = turns - 1
        WHERE day = OLD.day AND account_id = OLD.account_id AND bot_id = OLD.bot_id AND bucket = MIN(OLD.latency_ms / 10, 3000);
    END;

    -- Scorecards that exist before this migration: version 1, one 1–5 item per weighted criterion.
    INSERT INTO scorecard_versions (scorecard_id, version) SELECT id, 1 FROM scorecards;
    INSERT INTO scorecard_items (scorecard_id, version, position, question, kind, allow_na, weight, critical)
      SELECT s.id, 1, j.key + 1, COALESCE(json_extract(j.value, '$.label'), 'Criterion'), 'scale', 0,
             MAX(0, COALESCE(json_extract(j.value, '$.weight'), 1)), 0
      FROM scorecards s, json_each(CASE WHEN json_valid(s.criteria) THEN s.criteria ELSE '[]' END) j;
    `,
  },
  reviewScaleMigration,
  reviewReviewerMigration,
];
