import type { Migration } from '../migrations';

/**
 * Reporting at a million conversations (issue 19): indexes for the list's default sort and
 * every filter, a per-day rollup the statistics read instead of the conversations, and a
 * trigram full-text index for search. Both derived structures are kept in step by triggers on
 * `conversations` and nothing else (one mechanism: whoever writes a conversation, through any
 * code path, FK cascade included, updates them in the same transaction).
 */

/** The rollup key. NULL links are stored as 0 because a primary key treats NULLs as distinct. */
const KEY = ['day', 'account_id', 'role_id', 'instance_id', 'disposition_id', 'channel'] as const;

/**
 * One conversation's contribution to its rollup row, signed: +1 adds `row`, -1 takes it away.
 * `table`/`period`: the daily rollup (period `day`, 10 characters of started_at) or the monthly
 * one (reporting-004: `month`, 7 characters); the defaults give reporting-003's shipped SQL.
 */
function applyRow(row: 'NEW' | 'OLD', sign: 1 | -1, table = 'conversation_rollups', period: 'day' | 'month' = 'day'): string {
  const s = sign === 1 ? '' : '-';
  const KEY = [period, 'account_id', 'role_id', 'instance_id', 'disposition_id', 'channel'];
  const grade = (letter: string) => `${s}(${row}.letter_grade IS '${letter}')`;
  const key = [
    `substr(${row}.started_at, 1, ${period === 'day' ? 10 : 7})`,
    `${row}.account_id`,
    `COALESCE(${row}.role_id, 0)`,
    `COALESCE(${row}.instance_id, 0)`,
    `COALESCE(${row}.disposition_id, 0)`,
    `${row}.channel`,
  ];
  const values = [
    ...key,
    `${s}1`,
    `${s}(${row}.status IS 'active')`,
    `${s}${row}.duration_seconds`,
    // Cost in integer micro-units: sums stay exact however often rows are added and taken away.
    `${s}CAST(round(${row}.cost * 1000000) AS INTEGER)`,
    ...['A', 'B', 'C', 'D', 'F'].map(grade),
  ];
  const sums = ['conversations', 'active', 'duration_seconds', 'cost_micros', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_f'];
  const upsert = `
    INSERT INTO ${table} (${[...KEY, ...sums].join(', ')})
    VALUES (${values.join(', ')})
    ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET ${sums.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`;
  if (sign === 1) return upsert;
  // A key whose last conversation went away leaves no empty row behind.
  const match = KEY.map((column, i) => `${column} = ${key[i]}`).join(' AND ');
  return `${upsert}
    DELETE FROM ${table} WHERE ${match} AND conversations = 0;`;
}

/**
 * Recomputes every rollup row from the conversations: the backfill below, and the bulk loader
 * (server/db/scaleSeed.ts), which suspends the triggers while it loads. Shipped: never edit.
 */
export const REBUILD_ROLLUPS = `
    DELETE FROM conversation_rollups;
    INSERT INTO conversation_rollups (${KEY.join(', ')}, conversations, active, duration_seconds, cost_micros, grade_a, grade_b, grade_c, grade_d, grade_f)
      SELECT substr(started_at, 1, 10), account_id, COALESCE(role_id, 0), COALESCE(instance_id, 0), COALESCE(disposition_id, 0), channel,
             COUNT(*), SUM(status IS 'active'), SUM(duration_seconds), SUM(CAST(round(cost * 1000000) AS INTEGER)),
             SUM(letter_grade IS 'A'), SUM(letter_grade IS 'B'), SUM(letter_grade IS 'C'), SUM(letter_grade IS 'D'), SUM(letter_grade IS 'F')
      FROM conversations GROUP BY 1, 2, 3, 4, 5, 6;`;

/** Re-indexes every conversation's text (backfill and bulk loads). Shipped: never edit. */
export const REBUILD_SEARCH = `INSERT INTO conversations_search (conversations_search) VALUES ('rebuild');`;

const SEARCH_COLUMNS = 'uuid, phone_number, summary';
const searchInsert = (row: 'NEW') => `INSERT INTO conversations_search (rowid, ${SEARCH_COLUMNS}) VALUES (${row}.id, ${row}.uuid, ${row}.phone_number, ${row}.summary);`;
const searchDelete = (row: 'OLD') =>
  `INSERT INTO conversations_search (conversations_search, rowid, ${SEARCH_COLUMNS}) VALUES ('delete', ${row}.id, ${row}.uuid, ${row}.phone_number, ${row}.summary);`;
/** Bumped by every write to conversations: cached list totals compare it (server/http/listTotals.ts). */
export const BUMP_VERSION = `UPDATE reporting_versions SET version = version + 1 WHERE name = 'conversations';`;

export const reportingScaleMigration: Migration = {
  id: 'reporting-003',
  name: 'conversations at scale: list indexes, daily rollups, trigram search, kept by triggers',
  sql: `
    -- The default sort (newest first) and each filter paired with it, so a filtered page 1
    -- walks one index in order and stops after a page instead of sorting the table.
    CREATE INDEX conversations_started ON conversations (started_at);
    DROP INDEX conversations_role_id;
    DROP INDEX conversations_instance_id;
    CREATE INDEX conversations_role_started ON conversations (role_id, started_at);
    CREATE INDEX conversations_instance_started ON conversations (instance_id, started_at);
    CREATE INDEX conversations_bot_started ON conversations (bot_id, started_at);
    CREATE INDEX conversations_contact_started ON conversations (contact_id, started_at);
    CREATE INDEX conversations_disposition_started ON conversations (disposition_id, started_at);
    CREATE INDEX conversations_grade_started ON conversations (letter_grade, started_at);
    CREATE INDEX conversations_channel_started ON conversations (channel, started_at);
    CREATE INDEX conversations_status_started ON conversations (status, started_at);
    CREATE INDEX conversations_direction_started ON conversations (direction, started_at);

    -- One row per UTC day and (account, role, instance, disposition, channel): statistics and
    -- list totals sum these (a few hundred rows a day) instead of reading every conversation.
    CREATE TABLE conversation_rollups (
      day              TEXT NOT NULL,
      account_id       INTEGER NOT NULL,
      role_id          INTEGER NOT NULL,
      instance_id      INTEGER NOT NULL,
      disposition_id   INTEGER NOT NULL,
      channel          TEXT NOT NULL,
      conversations    INTEGER NOT NULL,
      active           INTEGER NOT NULL,
      duration_seconds INTEGER NOT NULL,
      cost_micros      INTEGER NOT NULL,
      grade_a          INTEGER NOT NULL,
      grade_b          INTEGER NOT NULL,
      grade_c          INTEGER NOT NULL,
      grade_d          INTEGER NOT NULL,
      grade_f          INTEGER NOT NULL,
      PRIMARY KEY (${KEY.join(', ')})
    ) WITHOUT ROWID;

    CREATE TABLE reporting_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO reporting_versions (name, version) VALUES ('conversations', 0);

    -- Substring search (trigram tokenizer) over the conversation's own text columns; the
    -- conversation row is the content, the index only holds the trigrams.
    CREATE VIRTUAL TABLE conversations_search USING fts5(${SEARCH_COLUMNS}, content = 'conversations', content_rowid = 'id', tokenize = 'trigram');

    CREATE TRIGGER conversations_after_insert AFTER INSERT ON conversations BEGIN
      ${applyRow('NEW', 1)}
      ${searchInsert('NEW')}
      ${BUMP_VERSION}
    END;

    CREATE TRIGGER conversations_after_delete AFTER DELETE ON conversations BEGIN
      ${applyRow('OLD', -1)}
      ${searchDelete('OLD')}
      ${BUMP_VERSION}
    END;

    CREATE TRIGGER conversations_after_update_rollup
    AFTER UPDATE OF started_at, account_id, role_id, instance_id, disposition_id, channel, status, duration_seconds, cost, letter_grade ON conversations
    BEGIN
      ${applyRow('OLD', -1)}
      ${applyRow('NEW', 1)}
    END;

    CREATE TRIGGER conversations_after_update_search AFTER UPDATE OF id, uuid, phone_number, summary ON conversations BEGIN
      ${searchDelete('OLD')}
      ${searchInsert('NEW')}
    END;

    -- Any update may change what a filter matches (status, bot, contact, direction…).
    CREATE TRIGGER conversations_after_update_version AFTER UPDATE ON conversations BEGIN
      ${BUMP_VERSION}
    END;

    -- Conversations that exist before this migration.
    ${REBUILD_SEARCH}
    ${REBUILD_ROLLUPS}
  `,
};

const MONTHLY = 'conversation_rollups_monthly';
const SUM_COLUMNS = 'conversations, active, duration_seconds, cost_micros, grade_a, grade_b, grade_c, grade_d, grade_f';

/** Recomputes the monthly rollup from the daily one (backfill and bulk loads). Shipped: never edit. */
export const REBUILD_MONTHLY_ROLLUPS = `
    DELETE FROM ${MONTHLY};
    INSERT INTO ${MONTHLY} (month, account_id, role_id, instance_id, disposition_id, channel, ${SUM_COLUMNS})
      SELECT substr(day, 1, 7), account_id, role_id, instance_id, disposition_id, channel,
             ${SUM_COLUMNS.split(', ').map((c) => `SUM(${c})`).join(', ')}
      FROM conversation_rollups GROUP BY 1, 2, 3, 4, 5, 6;`;

/**
 * The same figures per month: a year of statistics sums a few thousand monthly rows instead of
 * tens of thousands of daily ones (the days at a range's ragged ends still come from the daily
 * rollup). Kept by its own triggers on `conversations`, beside reporting-003's.
 */
export const reportingMonthlyMigration: Migration = {
  id: 'reporting-004',
  name: 'monthly conversation rollups, kept by triggers',
  sql: `
    CREATE TABLE ${MONTHLY} (
      month            TEXT NOT NULL,
      account_id       INTEGER NOT NULL,
      role_id          INTEGER NOT NULL,
      instance_id      INTEGER NOT NULL,
      disposition_id   INTEGER NOT NULL,
      channel          TEXT NOT NULL,
      ${SUM_COLUMNS.split(', ').map((c) => `${c} INTEGER NOT NULL`).join(',\n      ')},
      PRIMARY KEY (month, account_id, role_id, instance_id, disposition_id, channel)
    ) WITHOUT ROWID;

    CREATE TRIGGER conversations_after_insert_monthly AFTER INSERT ON conversations BEGIN
      ${applyRow('NEW', 1, MONTHLY, 'month')}
    END;
    CREATE TRIGGER conversations_after_delete_monthly AFTER DELETE ON conversations BEGIN
      ${applyRow('OLD', -1, MONTHLY, 'month')}
    END;
    CREATE TRIGGER conversations_after_update_monthly
    AFTER UPDATE OF started_at, account_id, role_id, instance_id, disposition_id, channel, status, duration_seconds, cost, letter_grade ON conversations
    BEGIN
      ${applyRow('OLD', -1, MONTHLY, 'month')}
      ${applyRow('NEW', 1, MONTHLY, 'month')}
    END;

    ${REBUILD_MONTHLY_ROLLUPS}
  `,
};

/**
 * Sorting a million conversations by cost or duration walked no index: every page sorted the
 * table (1–2 s). With these, each sortable column has an index (column, started_at), so a sort
 * by it (then by started_at, then id: server/http/list.ts's sort plans) reads one page's worth.
 */
export const reportingSortMigration: Migration = {
  id: 'reporting-005',
  name: 'conversations: cost and duration sort indexes',
  sql: `
    CREATE INDEX conversations_cost_started ON conversations (cost, started_at);
    CREATE INDEX conversations_duration_started ON conversations (duration_seconds, started_at);
  `,
};
