import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedScale } from '../../server/db/scaleSeed';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

/**
 * Issue 27: multi-key sorts and deep pages of a large conversations list are bounded in cost.
 * Every accepted sort pages by keyset cursor in exactly SQLite's ORDER BY order (several keys,
 * mixed directions, NULLs); a sort no index serves is a 422 once the list is longer than the
 * scan limit, and `page=N` skips at most the skip limit. The limits are lowered here (the
 * server's defaults are 10,000 rows each) so 3,000 rows show every rule.
 */

let server: TestServer;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ROWS = 3_000;
const LIMITS = { sortScanRows: 1_000, pageSkipRows: 600 };

beforeAll(async () => {
  server = await startTestServer({ listLimits: LIMITS });
  const db = server.server.db;
  seedScale(db, ROWS, NOW);
  // A third of the rows scored (the rest NULL), and ties on started_at, so NULL arms and the
  // tiebreaker are walked too.
  db.prepare('UPDATE conversations SET evaluation_score = (id % 7) * 10 WHERE id % 3 = 0').run();
  db.prepare('UPDATE conversations SET started_at = (SELECT started_at FROM conversations WHERE id = 5) WHERE id % 40 = 0').run();
});
afterAll(async () => {
  await server.close();
});

type Client = Awaited<ReturnType<typeof signedInClient>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Page = Record<string, any>;

const idsInOrder = (order: string, where = '1 = 1', params: unknown[] = []) =>
  (server.server.db.prepare(`SELECT id FROM conversations WHERE ${where} ORDER BY ${order}`).all(...params) as { id: number }[]).map((r) => r.id);

async function page(client: Client, url: string): Promise<Page> {
  const response = await client(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as Page;
}

/** Follows links.next from `url` to the end: every row's id, and the pages as read. */
async function walk(client: Client, url: string): Promise<{ ids: number[]; pages: Page[] }> {
  const ids: number[] = [];
  const pages: Page[] = [];
  for (let next: string | null = url; next; ) {
    const current = await page(client, next);
    expect(current.meta.current_page, next).toBe(pages.length + 1);
    pages.push(current);
    ids.push(...current.data.map((c: { id: number }) => c.id));
    next = current.links.next;
    // Every next page starts after the last row shown (no OFFSET), however deep.
    if (next) expect(next, `next of page ${pages.length}`).toContain('cursor=');
  }
  return { ids, pages };
}

async function refusal(client: Client, url: string): Promise<{ message: string; errors: Record<string, string[]> }> {
  const response = await client(url);
  expect(response.status, url).toBe(422);
  return (await response.json()) as { message: string; errors: Record<string, string[]> };
}

describe('sorts of a large conversations list', () => {
  test('single and multi-key sorts page by cursor in exactly the ORDER BY order (mixed directions, NULLs, ties)', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    // Asked sort → SQLite's order: then started_at in the last key's direction, then id likewise.
    const cases: [string, string][] = [
      ['channel,-started_at', 'channel ASC, started_at DESC, id DESC'],
      ['-channel,started_at', 'channel DESC, started_at ASC, id ASC'],
      ['status,-started_at', 'status ASC, started_at DESC, id DESC'],
      ['-letter_grade,started_at', 'letter_grade DESC, started_at ASC, id ASC'],
      ['letter_grade', 'letter_grade ASC, started_at ASC, id ASC'],
      ['-cost', 'cost DESC, started_at DESC, id DESC'],
      ['duration_seconds', 'duration_seconds ASC, started_at ASC, id ASC'],
      ['evaluation_score', 'evaluation_score ASC, started_at ASC, id ASC'],
      ['-evaluation_score', 'evaluation_score DESC, started_at DESC, id DESC'],
    ];
    for (const [sort, order] of cases) {
      const { ids, pages } = await walk(admin, `/api/v1/reporting/conversations?sort=${sort}&show=100`);
      expect(ids, sort).toEqual(idsInOrder(order));
      // links.prev leads back to the same rows.
      const back = await page(admin, pages[2]!.links.prev);
      expect(back.meta.current_page, sort).toBe(2);
      expect(back.data, sort).toEqual(pages[1]!.data);
    }
  });

  test('an account-scoped viewer walks a multi-key sort of their own account in order', async () => {
    const viewer = await signedInClient(server.url, 'viewer@example.com');
    const account = (server.server.db.prepare("SELECT id FROM accounts WHERE name = 'Globex Sales'").get() as { id: number }).id;
    const { ids } = await walk(viewer, '/api/v1/reporting/conversations?sort=-status,started_at&show=100');
    expect(ids).toEqual(idsInOrder('status DESC, started_at ASC, id ASC', 'account_id = ?', [account]));
    expect(ids.length).toBeGreaterThan(LIMITS.sortScanRows);
    // A third of the table: the sort's index is walked three entries a row, so page numbers
    // reach a third as far (600 entries → 600 × own rows / all rows).
    const reach = Math.floor((LIMITS.pageSkipRows * ids.length) / ROWS);
    const list = '/api/v1/reporting/conversations?sort=-status,started_at&show=10';
    const within = Math.floor(reach / 10) + 1;
    expect((await page(viewer, `${list}&page=${within}`)).data.map((c: { id: number }) => c.id)).toEqual(ids.slice((within - 1) * 10, within * 10));
    expect((await refusal(viewer, `${list}&page=${within + 1}`)).errors.page![0]).toContain(`page numbers reach ${reach} rows from either end`);
  });

  test('a sort no index serves is refused past the scan limit with what works instead; narrowed below it, it sorts', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const refused = await refusal(admin, '/api/v1/reporting/conversations?sort=status,-cost');
    expect(refused.errors.sort![0]).toBe(
      'This sort is available for at most 1,000 rows and the list has 3,000: narrow it with filters or dates, or sort by one of ' +
        'started_at, duration_seconds, cost, evaluation_score, or by one of channel, status, letter_grade and then started_at.',
    );
    expect(refused.message).toBe(refused.errors.sort![0]);
    // The same on the export: nothing is streamed.
    expect((await admin('/api/v1/reporting/conversations?export=csv&sort=status,-cost')).status).toBe(422);

    // A month of conversations is under the limit: sorted as asked, paged by number.
    const where = "started_at >= '2026-10-01' AND started_at < '2026-11-01'";
    const month = idsInOrder('status ASC, cost DESC, started_at DESC, id DESC', where);
    expect(month.length).toBeGreaterThan(100);
    expect(month.length).toBeLessThanOrEqual(LIMITS.sortScanRows);
    const first = await page(admin, '/api/v1/reporting/conversations?sort=status,-cost&from=2026-10-01&to=2026-10-31&show=100');
    expect(first.meta.total).toBe(month.length);
    expect(first.data.map((c: { id: number }) => c.id)).toEqual(month.slice(0, 100));
    // Its cursors walk any mix of directions and NULLs in order too.
    expect((await walk(admin, '/api/v1/reporting/conversations?sort=status,-cost&from=2026-10-01&to=2026-10-31&show=100')).ids).toEqual(month);
    expect((await walk(admin, '/api/v1/reporting/conversations?sort=-letter_grade,cost&from=2026-10-01&to=2026-10-31&show=100')).ids).toEqual(
      idsInOrder('letter_grade DESC, cost ASC, started_at ASC, id ASC', where),
    );

    expect((await refusal(admin, '/api/v1/reporting/conversations?sort=cost,-cost')).errors.sort).toEqual(['The sort names cost twice.']);
  });

  test('page=N skips at most the limit from the nearer end; a page past the end reads nothing', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const list = '/api/v1/reporting/conversations?sort=channel,-started_at&show=100';
    const order = idsInOrder('channel ASC, started_at DESC, id DESC');
    // Page 7 skips 600 rows (the limit); page 24 is 600 rows from the end: both answered.
    expect((await page(admin, `${list}&page=7`)).data.map((c: { id: number }) => c.id)).toEqual(order.slice(600, 700));
    expect((await page(admin, `${list}&page=24`)).data.map((c: { id: number }) => c.id)).toEqual(order.slice(2300, 2400));
    const deep = await refusal(admin, `${list}&page=8`);
    expect(deep.errors.page).toEqual([
      'Page 8 lies 700 rows from the nearer end of the list; page numbers reach 600 rows from either end. ' +
        'Follow links.next and links.prev from a nearer page, or narrow the list with filters or dates.',
    ]);
    expect((await refusal(admin, `${list}&page=15`)).errors.page).toBeDefined();
    // The last page and any page past it.
    const last = await page(admin, `${list}&page=30`);
    expect(last.data.map((c: { id: number }) => c.id)).toEqual(order.slice(2900));
    const past = await page(admin, `${list}&page=999999999`);
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(ROWS);
  });

  test('an export with a multi-key sort streams every row once in the list order', async () => {
    const admin = await signedInClient(server.url, 'admin@example.com');
    const response = await admin('/api/v1/reporting/conversations?export=csv&sort=-letter_grade,-started_at');
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('id,uuid,')).toBe(true);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(idsInOrder('letter_grade DESC, started_at DESC, id DESC'));
  });
});
