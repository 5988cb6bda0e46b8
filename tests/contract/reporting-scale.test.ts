import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedScale } from '../../server/db/scaleSeed';
import { seededRandom } from '../../server/db/seeds/random';
import { startTestServer, type TestServer } from '../../server/testing';
import { createActor, waitFor } from 'xstate';
import type { DownloadProgress } from '../../src/api/download';
import type { ReportFile } from '../../src/api/reporting';
import { createConversationListMachine } from '../../src/machines/conversationReportList';
import { signedInClient } from '../support/signedIn';
import { reportingClient } from './reporting-support';
import { operationOf } from '../../src/machines/operation';

/**
 * Issue 19: rollups, cached totals, cursors, search and streamed exports must give the same
 * figures as a full recount of the conversations, also after random inserts, updates and
 * deletes made behind the API's back (the platform writes conversations; triggers keep up).
 */

let server: TestServer;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ROWS = 4_000;

beforeAll(async () => {
  server = await startTestServer();
  seedScale(server.server.db, ROWS, NOW);
});
afterAll(async () => {
  await server.close();
});

const db = () => server.server.db;
const count = (sql: string, ...params: unknown[]) => {
  // A trailing TestServer picks another database than the main one.
  const on = params.at(-1) as TestServer | undefined;
  const target = on && typeof on === 'object' && 'server' in on ? (params.pop(), on.server.db) : db();
  return (target.prepare(sql).get(...params) as { n: number }).n;
};

/** The statistics of `where` recounted from the conversations themselves (no rollups). */
function recount(where = '1 = 1', params: unknown[] = []) {
  const row = db()
    .prepare(
      `SELECT COUNT(*) AS conversations,
        ROUND(COALESCE(SUM(duration_seconds), 0) / 60.0, 2) AS minutes,
        COALESCE(SUM(CAST(round(cost * 1000000) AS INTEGER)), 0) AS cost_micros,
        COALESCE(SUM(cost), 0) AS float_cost,
        ROUND(COALESCE(AVG(duration_seconds), 0), 2) AS average_duration_seconds,
        ROUND(AVG(CASE letter_grade WHEN 'A' THEN 4 WHEN 'B' THEN 3 WHEN 'C' THEN 2 WHEN 'D' THEN 1 WHEN 'F' THEN 0 END), 2) AS grade_score,
        COALESCE(SUM(letter_grade = 'A'), 0) AS A, COALESCE(SUM(letter_grade = 'B'), 0) AS B, COALESCE(SUM(letter_grade = 'C'), 0) AS C,
        COALESCE(SUM(letter_grade = 'D'), 0) AS D, COALESCE(SUM(letter_grade = 'F'), 0) AS F,
        COALESCE(SUM(status = 'active'), 0) AS active
       FROM conversations WHERE ${where}`,
    )
    .get(...params) as Record<string, number>;
  // Cents of the exact decimal sum, half up: what the API reports (a float SUM may land either side of a half cent).
  const cost = Math.floor((row.cost_micros! + 5000) / 10000) / 100;
  expect(Math.abs(cost - row.float_cost!)).toBeLessThan(0.011);
  return {
    conversations: row.conversations,
    minutes: row.minutes,
    cost,
    average_duration_seconds: row.average_duration_seconds,
    grade_score: row.grade_score,
    grades: { A: row.A, B: row.B, C: row.C, D: row.D, F: row.F },
    active: row.active,
  };
}

const ids = (table: string) => (db().prepare(`SELECT id FROM ${table}`).all() as { id: number }[]).map((r) => r.id);

/** Random inserts, updates (every rolled-up column, NULLs included) and deletes, straight into SQLite. */
function mutate(seed: number, rounds: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const roles = [null, ...ids('roles')];
  const instances = [null, ...ids('instances')];
  const dispositions = [null, ...ids('dispositions')];
  const grades = [null, 'A', 'B', 'C', 'D', 'F'];
  const day = () => new Date(NOW - Math.floor(random() * 200 * 86_400_000)).toISOString();
  const existing = () => (db().prepare('SELECT id FROM conversations ORDER BY random() LIMIT 1').get() as { id: number }).id;
  const insert = db().prepare(
    `INSERT INTO conversations (uuid, account_id, role_id, instance_id, disposition_id, channel, status, started_at, duration_seconds, cost, letter_grade, summary)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const accounts = ids('accounts');
  db().transaction(() => {
    for (let i = 0; i < rounds; i += 1) {
      const action = random();
      if (action < 0.4) {
        insert.run(
          `11111111-0000-4000-8000-${String(seed * 100_000 + i).padStart(12, '0')}`,
          pick(accounts), pick(roles), pick(instances), pick(dispositions), pick(['voice', 'chat']), pick(['active', 'completed', 'failed']),
          day(), Math.floor(random() * 2000), Math.round(random() * 100_000) / 10_000, pick(grades), random() < 0.5 ? 'Mutated row qxv' : null,
        );
      } else if (action < 0.8) {
        const column = pick(['started_at', 'role_id', 'instance_id', 'disposition_id', 'channel', 'status', 'duration_seconds', 'cost', 'letter_grade', 'account_id', 'summary']);
        const value = {
          started_at: day(), role_id: pick(roles), instance_id: pick(instances), disposition_id: pick(dispositions), channel: pick(['voice', 'chat']),
          status: pick(['active', 'completed', 'failed']), duration_seconds: Math.floor(random() * 2000), cost: Math.round(random() * 100_000) / 10_000,
          letter_grade: pick(grades), account_id: pick(accounts), summary: 'Updated summary qxv',
        }[column];
        db().prepare(`UPDATE conversations SET ${column} = ? WHERE id = ?`).run(value, existing());
      } else {
        db().prepare('DELETE FROM conversations WHERE id = ?').run(existing());
      }
    }
  })();
}

async function json(client: Awaited<ReturnType<typeof signedInClient>>, url: string) {
  const response = await client(url);
  expect(response.status, url).toBe(200);
  // The figures are compared field by field with recounts; the portal's schemas are covered elsewhere.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as Record<string, any>;
}

describe('reporting at scale: rollups, totals, cursors, search and exports agree with a recount', () => {
  test('the rollup table equals a fresh GROUP BY of the conversations after random writes', () => {
    mutate(1, 1500);
    const sql = `SELECT substr(started_at, 1, 10) AS day, account_id, COALESCE(role_id, 0) AS role_id, COALESCE(instance_id, 0) AS instance_id,
        COALESCE(disposition_id, 0) AS disposition_id, channel, COUNT(*) AS conversations, SUM(status = 'active') AS active,
        SUM(duration_seconds) AS duration_seconds, SUM(CAST(round(cost * 1000000) AS INTEGER)) AS cost_micros,
        SUM(letter_grade IS 'A') AS grade_a, SUM(letter_grade IS 'B') AS grade_b, SUM(letter_grade IS 'C') AS grade_c,
        SUM(letter_grade IS 'D') AS grade_d, SUM(letter_grade IS 'F') AS grade_f
      FROM conversations GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`;
    const rollups = db().prepare('SELECT * FROM conversation_rollups ORDER BY day, account_id, role_id, instance_id, disposition_id, channel').all();
    expect(rollups).toEqual(db().prepare(sql).all());
    const monthly = db().prepare('SELECT * FROM conversation_rollups_monthly ORDER BY month, account_id, role_id, instance_id, disposition_id, channel').all();
    const byMonth = db().prepare(sql.replace('substr(started_at, 1, 10) AS day', 'substr(started_at, 1, 7) AS month')).all();
    expect(monthly).toEqual(byMonth);
  });

  test('global, range, role, breakdown and time-series statistics equal the recount', async () => {
    mutate(2, 800);
    const admin = await signedInClient(server.url, 'admin@example.com');
    const { data: global } = await json(admin, '/api/v1/reporting/global');
    expect(global).toMatchObject(recount());

    const from = '2026-09-01';
    const to = '2026-10-15';
    const rangeWhere = 'started_at >= ? AND started_at < ?';
    const { data: ranged } = await json(admin, `/api/v1/reporting/global?from=${from}&to=${to}`);
    expect(ranged).toMatchObject(recount(rangeWhere, [from, '2026-10-16']));

    // Whole months come from the monthly rollup, ragged ends from the daily one: every shape of range.
    for (const [start, end] of [['2026-07-01', '2026-08-31'], ['2026-07-15', '2026-07-20'], ['2026-06-30', '2026-09-01'], ['2026-08-02', ''], ['', '2026-08-30']] as const) {
      const query = `from=${start}&to=${end}`;
      const { data: figures } = await json(admin, `/api/v1/reporting/global?${query}`);
      const conditions = [start && `started_at >= '${start}'`, end && `substr(started_at, 1, 10) <= '${end}'`].filter(Boolean).join(' AND ') || '1 = 1';
      expect(figures, query).toMatchObject(recount(conditions));
      const list = await json(admin, `/api/v1/reporting/conversations?${query}&filter[channel]=voice`);
      expect(list.meta.total, query).toBe(count(`SELECT COUNT(*) AS n FROM conversations WHERE ${conditions} AND channel = 'voice'`));
    }

    const roles = await json(admin, `/api/v1/reporting/roles?show=100&from=${from}&to=${to}`);
    expect(roles.meta.total).toBe(count('SELECT COUNT(*) AS n FROM roles'));
    for (const role of roles.data) {
      const expected: Partial<ReturnType<typeof recount>> = recount(`${rangeWhere} AND role_id = ?`, [from, '2026-10-16', role.id]);
      delete expected.active;
      expect(role, role.name).toMatchObject(expected);
    }

    const top = roles.data[0];
    const { data: breakdown } = await json(admin, `/api/v1/reporting/roles/${top.id}?from=${from}&to=${to}`);
    const totals: Partial<ReturnType<typeof recount>> = recount(`${rangeWhere} AND role_id = ?`, [from, '2026-10-16', top.id]);
    delete totals.active;
    expect(breakdown.totals).toMatchObject(totals);
    const channels = db()
      .prepare(`SELECT channel, COUNT(*) AS conversations FROM conversations WHERE ${rangeWhere} AND role_id = ? GROUP BY channel ORDER BY channel`)
      .all(from, '2026-10-16', top.id);
    expect(breakdown.channels).toEqual(channels);
    const dispositions = db()
      .prepare(`SELECT disposition_id AS id, COUNT(*) AS conversations FROM conversations WHERE ${rangeWhere} AND role_id = ? GROUP BY disposition_id ORDER BY conversations DESC, disposition_id`)
      .all(from, '2026-10-16', top.id);
    expect(breakdown.dispositions.map((d: { id: number | null; conversations: number }) => ({ id: d.id, conversations: d.conversations }))).toEqual(dispositions);

    const { data: series } = await json(admin, `/api/v1/reporting/global/timeseries?from=${from}&to=${to}`);
    for (const point of series.points) {
      const day = recount('substr(started_at, 1, 10) = ?', [point.date]);
      expect(point, point.date).toMatchObject({ conversations: day.conversations, minutes: day.minutes, cost: day.cost, grade_score: day.grade_score });
    }
  });

  test('list totals equal COUNT(*) for every kind of filter, also right after a write', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const role = ids('roles')[1]!;
    const cases: [string, string, unknown[]][] = [
      ['', '1 = 1', []],
      ['filter[channel]=chat', "channel = 'chat'", []],
      ['grades[]=A&grades[]=F', "letter_grade IN ('A', 'F')", []],
      ['filter[letter_grade]=B&grades[]=B,C', "letter_grade = 'B'", []],
      [`filter[role_id]=${role}&from=2026-08-01&to=2026-09-30`, "role_id = ? AND started_at >= '2026-08-01' AND started_at < '2026-10-01'", [role]],
      ['filter[status]=failed', "status = 'failed'", []],
      ['search=qxv', "summary LIKE '%qxv%'", []],
      ['search=pending%20authorisation', "summary LIKE '%pending authorisation%'", []],
    ];
    for (const [query, where, params] of cases) {
      const list = await json(admin, `/api/v1/reporting/conversations?${query}`);
      expect(list.meta.total, query).toBe(count(`SELECT COUNT(*) AS n FROM conversations WHERE ${where}`, ...params));
    }
    const byGrade = await json(admin, '/api/v1/reporting/grades/conversations/?letter_grade=A');
    expect(byGrade.meta.total).toBe(count("SELECT COUNT(*) AS n FROM conversations WHERE letter_grade = 'A'"));

    // Cached totals (search, status) follow writes at once.
    mutate(3, 50);
    for (const [query, where] of [['filter[status]=failed', "status = 'failed'"], ['search=qxv', "summary LIKE '%qxv%'"], ['', '1 = 1']]) {
      const list = await json(admin, `/api/v1/reporting/conversations?${query}`);
      expect(list.meta.total, `${query} after writes`).toBe(count(`SELECT COUNT(*) AS n FROM conversations WHERE ${where}`));
    }
  });

  test('following links.next visits every row once in order; links.prev leads back; page=N still works', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const expected = (db().prepare("SELECT id FROM conversations WHERE channel = 'chat' ORDER BY started_at DESC, id DESC").all() as { id: number }[]).map((r) => r.id);
    const seen: number[] = [];
    let url: string | null = '/api/v1/reporting/conversations?filter[channel]=chat&show=100';
    const pages: Awaited<ReturnType<typeof json>>[] = [];
    while (url) {
      const page = await json(admin, url);
      expect(page.meta.current_page).toBe(pages.length + 1);
      expect(page.meta.from).toBe(pages.length * 100 + 1);
      pages.push(page);
      seen.push(...page.data.map((c: { id: number }) => c.id));
      url = page.links.next;
      if (url) expect(url).toContain('cursor=');
    }
    expect(seen).toEqual(expected);
    const third = pages[2]!;
    const back = await json(admin, third.links.prev);
    expect(back.meta.current_page).toBe(2);
    expect(back.data).toEqual(pages[1]!.data);
    const last = await json(admin, pages[0]!.links.last);
    expect(last.data).toEqual(pages[pages.length - 1]!.data);
    const numbered = await json(admin, '/api/v1/reporting/conversations?filter[channel]=chat&show=100&page=3');
    expect(numbered.data).toEqual(third.data);
    // A cursor from another sort is ignored, not trusted: page=N applies.
    const foreign = new URL(third.links.next).searchParams.get('cursor');
    const sorted = await json(admin, `/api/v1/reporting/conversations?filter[channel]=chat&show=100&sort=cost&page=1&cursor=${foreign}`);
    expect(sorted.meta.current_page).toBe(1);
  });

  test('search finds substrings through the trigram index, follows updates, and 1-2 characters match uuid starts', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    // seed:scale builds the index beside the load and swaps it in (server/db/scaleSearchBuild.ts):
    // it holds exactly the rows' trigrams (FTS5 re-tokenises every row and compares), and it keeps
    // following writes below.
    expect(() => db().exec("INSERT INTO conversations_search (conversations_search, rank) VALUES ('integrity-check', 1)")).not.toThrow();
    const target = db().prepare('SELECT id, uuid FROM conversations ORDER BY id DESC LIMIT 1').get() as { id: number; uuid: string };
    db().prepare("UPDATE conversations SET summary = 'Caller mentioned zebracorn twice' WHERE id = ?").run(target.id);
    const found = await json(admin, '/api/v1/reporting/conversations?search=ZEBRAcorn');
    expect(found.data.map((c: { id: number }) => c.id)).toEqual([target.id]);
    const middle = await json(admin, `/api/v1/reporting/conversations?search=${target.uuid.slice(19)}`);
    expect(middle.data.map((c: { id: number }) => c.id)).toContain(target.id);
    db().prepare('UPDATE conversations SET summary = NULL WHERE id = ?').run(target.id);
    expect((await json(admin, '/api/v1/reporting/conversations?search=zebracorn')).meta.total).toBe(0);
    const short = await json(admin, `/api/v1/reporting/conversations?search=${target.uuid.slice(0, 2)}`);
    expect(short.meta.total).toBe(count('SELECT COUNT(*) AS n FROM conversations WHERE uuid LIKE ?', `${target.uuid.slice(0, 2)}%`));
  });

  test('the CSV export streams every row once, announced by X-Export-Rows', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    for (const [query, where] of [['', '1 = 1'], ['filter[channel]=voice&sort=cost', "channel = 'voice'"]]) {
      const response = await admin(`/api/v1/reporting/conversations?export=csv&${query}`);
      expect(response.status).toBe(200);
      const total = count(`SELECT COUNT(*) AS n FROM conversations WHERE ${where}`);
      expect(Number(response.headers.get('x-export-rows'))).toBe(total);
      const lines = (await response.text()).split('\r\n').filter(Boolean);
      expect(lines[0]!.startsWith('id,uuid,')).toBe(true);
      const idsInFile = lines.slice(1).map((line) => Number(line.split(',')[0]));
      expect(idsInFile).toHaveLength(total);
      expect(new Set(idsInFile).size).toBe(total);
    }
  });
});

describe('no silent cap on exports', () => {
  let big: TestServer;
  beforeAll(async () => {
    big = await startTestServer();
    seedScale(big.server.db, 50_300, NOW);
  }, 120_000);
  afterAll(async () => {
    await big.close();
  });

  test('an export of more than 50,000 rows holds every row (no silent cap)', async () => {
    const admin = await signedInClient(big.url, 'admin@example.com');
    const response = await admin('/api/v1/reporting/conversations?export=csv');
    expect((await response.text()).split('\r\n').filter(Boolean).length - 1).toBe(50_300);
  }, 120_000);

  test('the portal hears the export’s progress and can cancel it (nothing saved, request aborted)', async () => {
    const { api } = await reportingClient(big.url, 'admin@example.com');
    const reports: DownloadProgress[] = [];
    const file = await api.exportConversations({ filter: { channel: 'chat' } }, undefined, (p) => reports.push(p));
    const chats = count("SELECT COUNT(*) AS n FROM conversations WHERE channel = 'chat'", big);
    expect(reports.at(-1)).toMatchObject({ rows: chats, totalRows: chats, bytes: file.blob.size });

    const saved: ReportFile[] = [];
    const actor = createActor(createConversationListMachine(api, (f) => saved.push(f))).start();
    const exported = operationOf(actor, 'export');
    actor.send({ type: 'conversations.export', query: {} });
    await waitFor(exported, (s) => (s.context.progress as DownloadProgress | undefined)?.rows !== undefined && (s.context.progress as DownloadProgress).rows > 0, { timeout: 60_000 });
    const progress = exported.getSnapshot().context.progress as DownloadProgress;
    expect(progress.totalRows).toBe(50_300);
    expect(progress.rows).toBeLessThan(50_300);
    actor.send({ type: 'conversations.cancelExport' });
    expect(exported.getSnapshot().value).toBe('idle');
    await new Promise((r) => setTimeout(r, 300));
    expect(saved).toEqual([]);
    expect(exported.getSnapshot().value).toBe('idle');
    actor.stop();
  }, 120_000);
});
