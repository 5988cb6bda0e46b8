import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedScale } from '../../server/db/scaleSeed';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

/**
 * Issue 27, finding 2: a search could hold every request of the server (a 1,500-character
 * term of zeros took 1.7 s on the demo data, minutes at 300,000 conversations). Every search
 * term is bounded, a term whose every part is common is refused instead of scanned, and each
 * refusal is a 422 that says why (the portal shows it in the search form).
 */

let server: TestServer;
const LIST = '/api/v1/reporting/conversations';

beforeAll(async () => {
  server = await startTestServer();
  // Every generated uuid ends in its zero-padded id: "000" is in all of them.
  seedScale(server.server.db, 12_000, Date.UTC(2026, 10, 20, 12, 0, 0));
}, 120_000);
afterAll(async () => {
  await server.close();
});

const search = (term: string) => `${LIST}?search=${encodeURIComponent(term)}`;

async function refusal(client: Awaited<ReturnType<typeof signedIn>>, url: string) {
  const response = await client(url);
  expect(response.status, url.slice(0, 80)).toBe(422);
  const body = await json(response);
  expect(body.errors.search[0]).toBe(body.message);
  return body.message as string;
}

describe('no search stalls the server', () => {
  test('the read-only viewer’s 1,500 zeros are a 422 that names the limit', async () => {
    const viewer = await signedIn(server.url, 'viewer@example.com');
    expect(await refusal(viewer, search('0'.repeat(1_500)))).toBe('The search must not be greater than 100 characters.');
    // The same bound on every list's search, not only the conversations'.
    expect(await refusal(viewer, `/api/v1/reporting/roles?search=${'x'.repeat(101)}`)).toMatch(/100 characters/);
  });

  test('a NUL byte (or any control character) in a search is a 422, not a 500', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    for (const term of ['ab\u0000c', '\u0000', 'pending\u0000authorisation', 'a\u0007b']) {
      expect(await refusal(admin, search(term))).toBe('The search must not contain control characters.');
    }
  });

  test('a term of more distinct trigrams than the index may be asked for is a 422 that says so', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    // 45 different characters: 43 different three-character parts (the limit is 40).
    const term = Array.from({ length: 45 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(await refusal(admin, search(term))).toMatch(/more than 40 different three-character parts/);
    // 40 parts are fine, and simply match nothing here.
    const response = await admin(search(term.slice(0, 42)));
    expect(response.status).toBe(200);
    expect((await json(response)).meta.total).toBe(0);
  });

  test('a term whose every trigram is in more conversations than a search may read is refused, not scanned', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    for (const term of ['000', '0'.repeat(100), '00000000']) {
      expect(await refusal(admin, search(term))).toMatch(/too common to list: it is in more than 10,000 conversations\. Type more of it/);
    }
    // One or two characters match uuid starts through the uuid index: about 12,000 / 16 here.
    const short = await admin(search('a'));
    expect(short.status).toBe(200);
    expect((await json(short)).meta.total).toBe((server.server.db.prepare("SELECT COUNT(*) AS n FROM conversations WHERE uuid LIKE 'a%'").get() as { n: number }).n);
  });

  test('a selective term still lists exactly its conversations, with an exact total', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const db = server.server.db;
    const target = db.prepare('SELECT id, uuid FROM conversations ORDER BY id DESC LIMIT 1').get() as { id: number; uuid: string };
    // Common trigrams around one rare run: the rarest part decides, the whole term is checked.
    db.prepare("UPDATE conversations SET summary = 'Asked about 000 qwzx 000 twice' WHERE id = ?").run(target.id);
    const found = await json(await admin(search('000 QWZX 000')));
    expect(found.data.map((c: { id: number }) => c.id)).toEqual([target.id]);
    expect(found.meta.total).toBe(1);
    // The right order of the trigrams matters, as for a substring.
    expect((await json(await admin(search('000 xzwq 000')))).meta.total).toBe(0);
    const fragment = target.uuid.slice(9, 18);
    const byUuid = await json(await admin(search(fragment)));
    const expected = (db.prepare('SELECT COUNT(*) AS n FROM conversations WHERE instr(uuid, ?) > 0').get(fragment) as { n: number }).n;
    expect(byUuid.meta.total).toBe(expected);
    expect(byUuid.data.map((c: { id: number }) => c.id)).toContain(target.id);
  });
});
