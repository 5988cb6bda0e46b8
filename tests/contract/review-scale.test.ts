import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedScale } from '../../server/db/scaleSeed';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

/**
 * Issue 29 item 7: `seed:scale` gives its copies review data that agrees with itself and with
 * the API — evaluations (with answers) whose score and grade the conversation follows, and turn
 * timings on the copied transcript lines that the latency rollups count.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInClient>>;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ROWS = 6_000;
let added = 0;
let demoEvaluations = 0;
let demoTimings = 0;
let demoConversations = 0;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.server.db;
  demoEvaluations = (db.prepare('SELECT COUNT(*) AS n FROM conversation_evaluations').get() as { n: number }).n;
  demoTimings = (db.prepare('SELECT COUNT(*) AS n FROM conversation_turn_timings').get() as { n: number }).n;
  demoConversations = (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n;
  added = seedScale(db, ROWS, NOW).evaluations;
  admin = await signedInClient(server.url, 'admin@example.com');
});
afterAll(async () => {
  await server.close();
});

const count = (sql: string, ...params: unknown[]) => (server.server.db.prepare(sql).get(...params) as { n: number }).n;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (path: string): Promise<any> => {
  const response = await admin(path);
  expect(response.status, path).toBe(200);
  return response.json();
};

describe('seed:scale review data', () => {
  test('about one copy in nine is evaluated; each copy follows its evaluation (score, grade) and keeps its answers', () => {
    const copies = ROWS - demoConversations;
    expect(added).toBe(count('SELECT COUNT(*) AS n FROM conversation_evaluations') - demoEvaluations);
    expect(added).toBeGreaterThan(copies / 15);
    expect(added).toBeLessThan(copies / 5);
    // The conversation's score and grade are its current evaluation's, for every conversation.
    expect(
      count(`SELECT COUNT(*) AS n FROM conversations c JOIN conversation_evaluations e ON e.conversation_id = c.id AND e.current = 1
             WHERE c.evaluation_score IS NOT e.score OR c.letter_grade IS NOT e.letter_grade`),
    ).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM conversations c WHERE c.evaluation_score IS NOT NULL AND NOT EXISTS (SELECT 1 FROM conversation_evaluations e WHERE e.conversation_id = c.id AND e.current = 1)')).toBe(0);
    // Every copied evaluation has answers, on its own day.
    expect(count(`SELECT COUNT(*) AS n FROM conversation_evaluations e WHERE e.id > ? AND NOT EXISTS (SELECT 1 FROM evaluation_answers a WHERE a.evaluation_id = e.id)`, demoEvaluations)).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM conversation_evaluations e JOIN conversations c ON c.id = e.conversation_id WHERE e.day <> substr(c.started_at, 1, 10)`)).toBe(0);
  });

  test('the list filters and the score statistics count the copies’ evaluations', async () => {
    const evaluated = await json('/api/v1/reporting/conversations?filter[evaluation]=evaluated');
    expect(evaluated.meta.total).toBe(count('SELECT COUNT(*) AS n FROM conversations WHERE evaluation_score IS NOT NULL'));
    const none = await json('/api/v1/reporting/conversations?filter[evaluation]=none');
    expect(none.meta.total + evaluated.meta.total).toBe(ROWS);
    // "Not evaluated" is counted as all less the evaluated (rollups − an index count): it agrees
    // with a recount under every other condition too (channel, grade, days, disposition).
    const narrowed = await json('/api/v1/reporting/conversations?filter[evaluation]=none&filter[channel]=voice&filter[letter_grade]=A,B&from=2026-08-01&to=2026-10-31');
    expect(narrowed.meta.total).toBe(
      count(`SELECT COUNT(*) AS n FROM conversations WHERE evaluation_score IS NULL AND channel = 'voice' AND letter_grade IN ('A', 'B')
             AND started_at >= '2026-08-01' AND started_at < '2026-11-01'`),
    );
    expect(narrowed.meta.total).toBeGreaterThan(0);
    const scores = await json('/api/v1/reporting/evaluation-scores?by=role&from=2026-05-01&to=2026-11-20');
    const total = scores.data.groups.reduce((sum: number, g: { evaluations: number }) => sum + g.evaluations, 0);
    expect(total).toBe(count("SELECT COUNT(*) AS n FROM conversation_evaluations WHERE current = 1 AND day BETWEEN '2026-05-01' AND '2026-11-20'"));
    expect(total).toBeGreaterThan(demoEvaluations);
    // A copy's evaluation reads whole through the API.
    const copy = server.server.db.prepare('SELECT c.uuid AS uuid FROM conversation_evaluations e JOIN conversations c ON c.id = e.conversation_id WHERE e.id > ? LIMIT 1').get(demoEvaluations) as { uuid: string };
    const evaluations = await json(`/api/v1/reporting/conversations/${copy.uuid}/evaluations`);
    expect(evaluations.data[0]).toMatchObject({ status: 'submitted', current: true, revision: 1 });
    expect(evaluations.data[0].answers.length).toBeGreaterThan(0);
  });

  test('`filter[evaluation]=mine` totals (counted from the reviewer index) equal a recount of the conversations, also after a conversation moves', async () => {
    const db = server.server.db;
    const adminId = (db.prepare("SELECT id FROM users WHERE email = 'admin@example.com'").get() as { id: number }).id;
    const recount = (where = '1 = 1', ...params: unknown[]) =>
      count(
        `SELECT COUNT(*) AS n FROM conversations c WHERE c.id IN (SELECT conversation_id FROM conversation_evaluations WHERE reviewer_id = ? AND status = 'submitted') AND ${where}`,
        adminId,
        ...params,
      );
    const total = async (query = '') => (await json(`/api/v1/reporting/conversations?filter[evaluation]=mine${query}`)).meta.total as number;
    expect(await total()).toBe(recount());
    expect(await total()).toBeGreaterThan(100);
    const mine = db.prepare(
      "SELECT c.id, c.role_id, c.bot_id FROM conversations c JOIN conversation_evaluations e ON e.conversation_id = c.id WHERE e.reviewer_id = ? AND e.status = 'submitted' AND c.role_id IS NOT NULL AND c.bot_id IS NOT NULL ORDER BY c.id LIMIT 1",
    ).get(adminId) as { id: number; role_id: number; bot_id: number };
    const other = (db.prepare('SELECT id FROM roles WHERE id <> ? ORDER BY id LIMIT 1').get(mine.role_id) as { id: number }).id;
    const narrowed = (role: number) => `&filter[role_id]=${role}&filter[bot_id]=${mine.bot_id}&from=2026-08-01&to=2026-10-31`;
    const recountNarrowed = (role: number) =>
      recount("c.role_id = ? AND c.bot_id = ? AND c.started_at >= '2026-08-01' AND c.started_at < '2026-11-01'", role, mine.bot_id);
    // A conversation of the reviewer moves to another role and into the range: its evaluation's copies follow it.
    db.prepare("UPDATE conversations SET role_id = ?, started_at = '2026-09-15T10:00:00.000Z' WHERE id = ?").run(other, mine.id);
    for (const role of [mine.role_id, other]) expect(await total(narrowed(role)), `role ${role}`).toBe(recountNarrowed(role));
    expect(await total(narrowed(other))).toBeGreaterThan(0);
    // A condition the evaluations do not carry (the score) is counted from the conversations: the same answer.
    expect(await total('&filter[score_min]=80')).toBe(recount('c.evaluation_score >= 80'));
    // Every evaluation's copies equal its conversation's (the trigger, and the migration's backfill).
    expect(count("SELECT COUNT(*) AS n FROM conversation_evaluations e JOIN conversations c ON c.id = e.conversation_id WHERE e.role_id IS NOT c.role_id OR e.day IS NOT substr(c.started_at, 1, 10)")).toBe(0);
  });

  test('copies with a transcript get their template’s turn timings on their own lines; the rollups count every turn', async () => {
    expect(count('SELECT COUNT(*) AS n FROM conversation_turn_timings')).toBeGreaterThan(demoTimings);
    expect(count('SELECT COUNT(*) AS n FROM conversation_turn_timings t JOIN conversation_transcript_lines l ON l.id = t.line_id WHERE l.conversation_id <> t.conversation_id')).toBe(0);
    expect(count('SELECT SUM(turns) AS n FROM turn_latency_rollups')).toBe(count('SELECT COUNT(*) AS n FROM conversation_turn_timings'));
    const copy = server.server.db.prepare('SELECT c.uuid AS uuid FROM conversation_turn_timings t JOIN conversations c ON c.id = t.conversation_id ORDER BY t.id DESC LIMIT 1').get() as { uuid: string };
    const timings = await json(`/api/v1/reporting/conversations/${copy.uuid}/timings`);
    expect(timings.data.length).toBeGreaterThan(0);
    const lines = await json(`/api/v1/reporting/conversations/${copy.uuid}/transcript`);
    const ids = new Set(lines.data.map((l: { id: unknown }) => String(l.id)));
    for (const turn of timings.data) expect(ids.has(String(turn.line_id))).toBe(true);
  });
});
