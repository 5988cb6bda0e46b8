import type { Migration } from '../migrations';

const SEARCH_COLUMNS = 'uuid, phone_number, summary';

/**
 * Issue 29 item 7 (a million conversations, 100,000 evaluations):
 *
 * - The trigram search index keeps rowids only (`detail = 'none'`): the search asks it one quoted
 *   trigram at a time (server/http/routes/reporting/conversationSearch.ts) and checks the whole
 *   term on the row, so token positions (detail) and per-row token counts (columnsize, for
 *   ranking) were never read. Without them the index is a quarter of its size and builds about
 *   twice as fast (seed:scale's largest step at 1M). The triggers of reporting-003 keep writing
 *   to it by name, unchanged.
 * - The average evaluation score per role, instance or bot and day reads one partial index of
 *   the current evaluations holding every column it needs (no row lookup per evaluation; `current`
 *   is in it too, else SQLite reads the row to check the index's own condition).
 */
export const reviewScaleMigration: Migration = {
  id: 'review-002',
  name: 'scale: trigram search index without positions, covering index of current evaluations',
  sql: `
    DROP TABLE conversations_search;
    CREATE VIRTUAL TABLE conversations_search USING fts5(${SEARCH_COLUMNS}, content = 'conversations', content_rowid = 'id', tokenize = 'trigram', detail = 'none', columnsize = 0);
    INSERT INTO conversations_search (conversations_search) VALUES ('rebuild');

    DROP INDEX conversation_evaluations_current;
    CREATE INDEX conversation_evaluations_current_scores ON conversation_evaluations (day, account_id, role_id, instance_id, bot_id, score, current) WHERE current = 1;
  `,
};
