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

/** The conversation's columns an evaluation carries a copy of (statistics and counts read them without a join). */
const COPIED = ['account_id', 'role_id', 'instance_id', 'bot_id'] as const;
/** SQL true when the copies differ; `day` is the day expression of the right-hand side. */
const copiesDiffer = (conversation: string, other: string, day: string) =>
  [...COPIED.map((c) => `${conversation}.${c} IS NOT ${other}.${c}`), `substr(${conversation}.started_at, 1, 10) IS NOT ${day}`].join(' OR ');

/**
 * `filter[evaluation]=mine` at a million conversations (issue 29): its total was one conversation
 * lookup per submitted evaluation of the reviewer (~95,000: 0.4–0.5 s after every write). It is
 * now counted from one index of the evaluations alone, by reviewer, status and conversation, that
 * also holds the conversation's account, day and links, which the list's usual conditions need.
 * Those copies were written once, when the evaluation was started; a trigger now keeps them equal
 * to the conversation's (a moved conversation moves its evaluations), and the existing ones are
 * brought in line.
 */
export const reviewReviewerMigration: Migration = {
  id: 'review-003',
  name: 'evaluations by reviewer: covering index with the conversation copies, copies kept by a trigger',
  sql: `
    DROP INDEX conversation_evaluations_reviewer;
    CREATE INDEX conversation_evaluations_reviewer_copies
      ON conversation_evaluations (reviewer_id, status, conversation_id, account_id, day, role_id, instance_id, bot_id);

    CREATE TRIGGER conversations_after_update_evaluation_copies
    AFTER UPDATE OF ${COPIED.join(', ')}, started_at ON conversations
    WHEN ${copiesDiffer('NEW', 'OLD', 'substr(OLD.started_at, 1, 10)')}
    BEGIN
      UPDATE conversation_evaluations SET ${COPIED.map((c) => `${c} = NEW.${c}`).join(', ')}, day = substr(NEW.started_at, 1, 10)
        WHERE conversation_id = NEW.id;
    END;

    UPDATE conversation_evaluations AS e SET ${COPIED.map((c) => `${c} = c.${c}`).join(', ')}, day = substr(c.started_at, 1, 10)
      FROM conversations c WHERE c.id = e.conversation_id AND (${copiesDiffer('c', 'e', 'e.day')});
  `,
};
