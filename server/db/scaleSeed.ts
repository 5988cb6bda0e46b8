import type { Database } from './connection';
import { startSearchBuild, type SearchBuild } from './scaleSearchBuild';
import { BUMP_VERSION, REBUILD_MONTHLY_ROLLUPS, REBUILD_ROLLUPS, REBUILD_SEARCH } from './migrations/reportingScale';

/**
 * `npm run seed:scale -- <count>`: grows the conversations table to `count` rows by copying
 * the demo conversations (server/db/seeds) with new ids, uuids, dates, durations, grades and
 * statuses. Each copy keeps its template's account, role, instance, bot, contact, disposition,
 * channel and summary, so every link stays valid and belongs to the right account.
 *
 * Generated in SQL (a recursive CTE per batch of 100,000 rows): a million rows take seconds
 * instead of a million JS round trips. Values come from integer hashes of the row number, so the
 * same count gives the same rows on every machine (no random()).
 *
 * Review data (issue 29): one copy in EVALUATE_EVERY of a template with a submitted evaluation
 * gets that evaluation (answers included) as its own, and its grade and evaluation score follow it
 * as the API's submit would set them; the copies that get a transcript get their template's turn
 * timings on the copied lines (timings come from transcripts), which keep the latency rollups.
 *
 * A bulk load: the conversations' secondary indexes and triggers are dropped first and rebuilt
 * at the end from their own stored SQL (sorting once is far cheaper than a million B-tree
 * inserts per index: measured, keeping 14 indexes during the insert cost 46 s more CPU at 1M),
 * the rollups recomputed from the rows. Rows get ids in time order, so the sorts read keys that
 * arrive nearly sorted and the uuid index (version-7 uuids) grows at its end. The search index,
 * the largest step (tokenising ~100 trigrams a row), is built at the same time in a worker over
 * a scratch file from the same generated rows and swapped in (scaleSearchBuild.ts). All of it
 * is one transaction: a crash leaves the database as it was, triggers included.
 */

/** Rows per transaction: big enough to amortise the commit, small enough to bound the WAL. */
const BATCH = 100_000;
/** One copied conversation in SAMPLE_EVERY gets its template's transcript, log and usage lines. */
export const SAMPLE_EVERY = 200;
/** One copy in EVALUATE_EVERY of an evaluated template is evaluated (the demo evaluates about a third: ~1 in 9 copies). */
export const EVALUATE_EVERY = 3;
/** Dates are spread over this many days ending today (UTC). */
export const SPREAD_DAYS = 180;

export interface ScaleSeedResult {
  inserted: number;
  total: number;
  sampled: number;
  /** Evaluations added for the copies. */
  evaluations: number;
}

/** Knuth-style multiplicative hashes of the row number `n.i`, each a 32-bit unsigned integer. */
const H1 = '((n.i * 2654435761 + 97) % 4294967296)';
const H2 = '((n.i * 2246822519 + 3266489917) % 4294967296)';
const H3 = '((n.i * 3266489917 + 668265263) % 4294967296)';

/**
 * Rows @from..@to of a load as `g`: row number i, its template's columns (temp.scale_templates,
 * k = i mod @templates), hashes h1–h3, start (unix seconds: rising with i, each at a hashed
 * second of its own @step) and duration, and whether it copies its template's evaluation.
 */
const GENERATED = `
    WITH RECURSIVE n(i) AS (SELECT @from UNION ALL SELECT i + 1 FROM n WHERE i < @to),
    g AS (
      SELECT n.i AS i, t.*, ${H1} AS h1, ${H2} AS h2, ${H3} AS h3,
             @end - @spread + (n.i - 1) * @spread / @count + ${H1} % @step AS started, 20 + (${H2} % 1180) AS duration,
             t.ev_id IS NOT NULL AND n.i % ${EVALUATE_EVERY} = 0 AS evaluated
      FROM n JOIN temp.scale_templates t ON t.k = n.i % @templates
    )`;
/**
 * A copy's uuid in the version-7 layout (RFC 9562): its start in milliseconds first, so uuids
 * rise with ids and the unique index grows at its end; the row's id last, so none repeats.
 */
const UUID = "printf('%08x-%04x-7%03x-%x%03x-%012x', (started * 1000 + i % 1000) / 65536, (started * 1000 + i % 1000) % 65536, h3 % 4096, 8 + h3 % 4, h2 % 4096, @base + i)";
const PHONE = "CASE channel WHEN 'voice' THEN '1555' || (1000000 + h2 % 8999999) END";

/**
 * Fills `conversations` up to `count` rows (nothing happens when it already holds that many).
 * The demo seed must have run (it provides the templates). `now` fixes "today" for tests.
 */
export function seedScale(db: Database, count: number, now = Date.now(), onBatch?: (done: number, total: number) => void): ScaleSeedResult {
  if (!Number.isInteger(count) || count < 1 || count > 50_000_000) throw new Error('count must be an integer from 1 to 50,000,000');
  const existing = (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n;
  if (existing === 0) throw new Error('no conversations to copy: run the demo seed first (npm run serve once, or createServer)');
  const toInsert = Math.max(0, count - existing);
  if (toInsert === 0) return { inserted: 0, total: existing, sampled: 0, evaluations: 0 };
  // Before any temporary table: changing temp_store drops them.
  const settled = bulkLoadSettings(db);
  try {
    return copyConversations(db, existing, toInsert, now, onBatch);
  } finally {
    settled();
  }
}

function copyConversations(db: Database, existing: number, toInsert: number, now: number, onBatch?: (done: number, total: number) => void): ScaleSeedResult {
  const reviewed = exists(db, 'conversation_evaluations');
  // Each template with its current (submitted) evaluation, if any: the copies take it as theirs.
  db.exec(`DROP TABLE IF EXISTS temp.scale_templates;
    CREATE TEMP TABLE scale_templates AS
      SELECT row_number() OVER (ORDER BY c.id) - 1 AS k, c.id, c.account_id, c.instance_id, c.bot_id, c.contact_id, c.channel, c.direction,
             c.role_id, c.disposition_id, c.summary,
             ${reviewed ? '(SELECT e.id FROM conversation_evaluations e WHERE e.conversation_id = c.id AND e.current = 1)' : 'NULL'} AS ev_id
      FROM conversations c ORDER BY c.id LIMIT 1000;
    ALTER TABLE temp.scale_templates ADD COLUMN ev_score REAL;
    ALTER TABLE temp.scale_templates ADD COLUMN ev_grade TEXT;`);
  if (reviewed) {
    db.exec(`UPDATE temp.scale_templates SET
      ev_score = (SELECT score FROM conversation_evaluations e WHERE e.id = ev_id),
      ev_grade = (SELECT letter_grade FROM conversation_evaluations e WHERE e.id = ev_id)
      WHERE ev_id IS NOT NULL`);
  }
  const templates = (db.prepare('SELECT COUNT(*) AS n FROM temp.scale_templates').get() as { n: number }).n;
  const firstId = ((db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM conversations').get() as { m: number }).m) + 1;
  // New evaluation ids: evBase + (row number / EVALUATE_EVERY), unique and known without a lookup.
  const evBase = reviewed ? (db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM conversation_evaluations').get() as { m: number }).m : 0;
  // Every generated start lies in the SPREAD_DAYS days before now (whole seconds).
  const end = Math.floor(now / 1000);
  const spread = SPREAD_DAYS * 86_400;
  // Starts rise with the row number (ids in time order, as a live system issues them), each at a
  // hashed second of its own `step`: index builds then read keys that arrive nearly sorted.
  const step = Math.max(1, Math.floor(spread / toInsert));
  // The rows' created_at/updated_at: one bound value (a default would format the clock per row).
  const createdAt = new Date(now).toISOString();

  const insertBatch = db.prepare(`
    ${GENERATED}
    INSERT INTO conversations (id, uuid, account_id, instance_id, bot_id, contact_id, channel, direction, status, phone_number,
                               started_at, ended_at, duration_seconds, cost, letter_grade, role_id, disposition_id, summary, created_at, updated_at${reviewed ? ', evaluation_score' : ''})
    SELECT @base + i, ${UUID}, account_id, instance_id, bot_id, contact_id, channel, direction,
           CASE WHEN h3 % 1000 = 0 THEN 'failed' WHEN h3 % 1000 < 3 AND started > @end - 86400 THEN 'active' ELSE 'completed' END,
           ${PHONE},
           strftime('%Y-%m-%dT%H:%M:%fZ', started, 'unixepoch'),
           strftime('%Y-%m-%dT%H:%M:%fZ', started + duration, 'unixepoch'),
           duration,
           round(duration * CASE channel WHEN 'voice' THEN 0.0125 ELSE 0.004 END, 2),
           CASE WHEN evaluated THEN ev_grade WHEN h3 % 10 = 9 THEN NULL ELSE substr('AABBBCCDF', 1 + (h1 / 7) % 9, 1) END,
           role_id, disposition_id, summary, @now, @now${reviewed ? ', CASE WHEN evaluated THEN ev_score END' : ''}
    FROM g`);

  // Transcript, log and usage lines of a sample of the new conversations, copied from their template.
  const copyDetails = (table: string, columns: string) =>
    db.prepare(`
      INSERT INTO ${table} (conversation_id, ${columns})
      SELECT c.id, ${columns.split(', ').map((col) => `l.${col}`).join(', ')}
      FROM conversations c
      JOIN temp.scale_templates t ON t.k = (c.id - @base) % @templates
      JOIN ${table} l ON l.conversation_id = t.id
      WHERE c.id BETWEEN @base + @from AND @base + @to AND (c.id - @base) % ${SAMPLE_EVERY} = 0`);
  const details = [
    copyDetails('conversation_transcript_lines', 'position, role, text, time'),
    copyDetails('conversation_logs', 'level, event, message, logged_at'),
    copyDetails('conversation_usage', 'item, quantity, unit, unit_cost, cost'),
    ...(reviewed ? reviewCopies(db) : []),
  ];

  const base = firstId - 1;
  // Batch parameters; BigInt binds as an SQLite INTEGER (a JS number binds as REAL, which would leak "1.0" into text).
  const batches: Record<string, bigint>[] = [];
  for (let from = 1; from <= toInsert; from += BATCH) {
    const to = Math.min(toInsert, from + BATCH - 1);
    batches.push({ from: BigInt(from), to: BigInt(to), base: BigInt(base), templates: BigInt(templates), end: BigInt(end), spread: BigInt(spread), count: BigInt(toInsert), step: BigInt(step) });
  }
  // The search index's rows are generated and tokenised beside the load (scaleSearchBuild.ts).
  const search = exists(db, 'conversations_search')
    ? startSearchBuild(db, { rows: `${GENERATED} INSERT INTO conversations (id, uuid, phone_number, summary) SELECT @base + i, ${UUID}, ${PHONE}, summary FROM g`, batches })
    : undefined;
  try {
    db.transaction(() => {
      const restore = suspendDerived(db, search);
      for (const batch of batches) {
        const ints = { from: batch.from, to: batch.to, base: batch.base, templates: batch.templates };
        insertBatch.run({ ...batch, now: createdAt });
        for (const statement of details) statement.run(statement.source.includes('@evbase') ? { ...ints, evbase: BigInt(evBase) } : ints);
        onBatch?.(Number(batch.to), toInsert);
      }
      restore();
    })();
  } finally {
    search?.dispose();
  }
  db.exec('DROP TABLE temp.scale_templates');
  const evaluations = reviewed ? (db.prepare('SELECT COUNT(*) AS n FROM conversation_evaluations WHERE id > ?').get(evBase) as { n: number }).n : 0;
  // Fresh statistics for the query planner after a bulk load (sampled: seconds, not minutes).
  db.pragma('analysis_limit = 1000');
  db.exec('ANALYZE');
  return { inserted: toInsert, total: existing + toInsert, sampled: Math.floor(toInsert / SAMPLE_EVERY), evaluations };
}

/**
 * The review rows of a batch's copies (statements bound like copyDetails, plus @evbase): the
 * template's current evaluation and its answers for the evaluated copies (as submitted when the
 * copy ended, on the copy's day and links), and the template's turn timings for the copies that
 * got its transcript, pinned to the copied lines of the same position.
 */
function reviewCopies(db: Database) {
  const copies = `FROM conversations c JOIN temp.scale_templates t ON t.k = (c.id - @base) % @templates`;
  const batch = 'c.id BETWEEN @base + @from AND @base + @to';
  const evaluated = `${batch} AND (c.id - @base) % ${EVALUATE_EVERY} = 0 AND c.evaluation_score IS NOT NULL`;
  const evaluationId = `@evbase + (c.id - @base) / ${EVALUATE_EVERY}`;
  return [
    db.prepare(`
      INSERT INTO conversation_evaluations (id, conversation_id, scorecard_id, scorecard_version, revision, status, reviewer_id, reviewer_name,
        comment, score, letter_grade, critical_failed, current, account_id, role_id, instance_id, bot_id, day, created_at, updated_at, submitted_at)
      SELECT ${evaluationId}, c.id, e.scorecard_id, e.scorecard_version, 1, 'submitted', e.reviewer_id, e.reviewer_name,
             e.comment, e.score, e.letter_grade, e.critical_failed, 1, c.account_id, c.role_id, c.instance_id, c.bot_id,
             substr(c.started_at, 1, 10), c.ended_at, c.ended_at, c.ended_at
      ${copies} JOIN conversation_evaluations e ON e.id = t.ev_id
      WHERE ${evaluated}`),
    db.prepare(`
      INSERT INTO evaluation_answers (evaluation_id, item_id, value, comment)
      SELECT ${evaluationId}, a.item_id, a.value, a.comment
      ${copies} JOIN evaluation_answers a ON a.evaluation_id = t.ev_id
      WHERE ${evaluated}`),
    db.prepare(`
      INSERT INTO conversation_turn_timings (conversation_id, line_id, position, latency_ms, stt_ms, llm_ms, tts_ms, tool_ms, account_id, bot_id, day)
      SELECT c.id, nl.id, tt.position, tt.latency_ms, tt.stt_ms, tt.llm_ms, tt.tts_ms, tt.tool_ms, c.account_id, COALESCE(c.bot_id, 0), substr(c.started_at, 1, 10)
      ${copies} JOIN conversation_turn_timings tt ON tt.conversation_id = t.id
      LEFT JOIN conversation_transcript_lines ol ON ol.id = tt.line_id
      LEFT JOIN conversation_transcript_lines nl ON nl.conversation_id = c.id AND nl.position = ol.position
      WHERE ${batch} AND (c.id - @base) % ${SAMPLE_EVERY} = 0`),
  ];
}

/** Page cache for the load (1 GiB): a million rows and their index sorts stay in memory until the commit. */
const BULK_CACHE_KIB = 1024 * 1024;
/** Helper threads SQLite's sorter may use for the index builds and GROUP BYs of the load (a second core sorts while the first scans). */
const SORT_THREADS = 2;

/**
 * Connection settings for one big transaction, and what puts them back. A bigger page cache and
 * in-memory temporary files (index sorts, search merges); and a rollback journal instead of the
 * WAL when no other connection uses the file: pages appended to the file are not journaled, where
 * the WAL writes every new page twice (to the log, then to the file at the checkpoint). Either
 * journal makes the load atomic. A file another process has open stays in WAL mode.
 */
function bulkLoadSettings(db: Database): () => void {
  const cache = db.pragma('cache_size', { simple: true }) as number;
  const temp = db.pragma('temp_store', { simple: true }) as number;
  const journal = db.pragma('journal_mode', { simple: true }) as string;
  const threads = db.pragma('threads', { simple: true }) as number;
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  db.pragma(`threads = ${SORT_THREADS}`);
  db.pragma('temp_store = MEMORY');
  if (journal === 'wal') {
    try {
      db.pragma('journal_mode = DELETE');
    } catch {
      // Busy: another connection has the file open; the load runs in WAL mode.
    }
  }
  return () => {
    if (journal === 'wal') db.pragma('journal_mode = WAL');
    db.pragma(`threads = ${threads}`);
    db.pragma(`temp_store = ${temp}`);
    db.pragma(`cache_size = ${cache}`);
  };
}

const exists = (db: Database, name: string) => db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;

/**
 * Drops the secondary indexes and triggers of `conversations` and returns what recreates them
 * (their own SQL as stored by SQLite) after recomputing what the triggers would have maintained.
 */
function suspendDerived(db: Database, search: SearchBuild | undefined): () => void {
  const objects = db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'conversations' AND type IN ('index', 'trigger') AND sql IS NOT NULL")
    .all() as { type: 'index' | 'trigger'; name: string; sql: string }[];
  for (const object of objects) db.exec(`DROP ${object.type.toUpperCase()} "${object.name.replace(/"/g, '""')}"`);
  return () => {
    for (const object of objects) if (object.type === 'index') db.exec(object.sql);
    if (exists(db, 'conversation_rollups')) db.exec(REBUILD_ROLLUPS);
    if (exists(db, 'conversation_rollups_monthly')) db.exec(REBUILD_MONTHLY_ROLLUPS);
    if (search) search.finish();
    else if (exists(db, 'conversations_search')) db.exec(REBUILD_SEARCH);
    if (exists(db, 'reporting_versions')) db.exec(BUMP_VERSION);
    for (const object of objects) if (object.type === 'trigger') db.exec(object.sql);
  };
}
