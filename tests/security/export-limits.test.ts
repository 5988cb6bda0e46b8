import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedScale } from '../../server/db/scaleSeed';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

/**
 * Issue 27, finding 6 (exports): one user could start any number of full exports, a client
 * that stopped reading held its export (and the bytes buffered for it) forever, and an export
 * with a search ran the search again for every chunk of rows.
 */

let server: TestServer;
/** A second server that cuts stalled readers off quickly (the first keeps them, to count slots). */
let quick: TestServer;
const STALL_MS = 300;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const LIST = '/api/v1/reporting/conversations';

/** Statement runs whose SQL reads the trigram index (counted from when the server starts). */
let indexReads = 0;

beforeAll(async () => {
  server = await startTestServer({ exportStallMs: 120_000 });
  quick = await startTestServer({ exportStallMs: STALL_MS });
  // A full export (about 14 MB) is far more than the loopback socket buffers hold.
  seedScale(quick.server.db, 40_000, NOW);
  const db = server.server.db;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!sql.includes('conversations_search')) return statement;
    for (const method of ['all', 'get', 'iterate', 'run'] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        indexReads += 1;
        return original(...args);
      };
    }
    return statement;
  }) as typeof db.prepare;
  seedScale(db, 20_000, NOW);
}, 180_000);
afterAll(async () => {
  await server.close();
  await quick.close();
});

/** An export requested on a raw socket that reads the response head and then nothing more. */
function stalledExport(cookie: string, on = server): Promise<{ head: string; closed: Promise<void>; socket: net.Socket }> {
  const url = new URL(on.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let head = '';
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        // Stop reading: the kernel buffers fill and the server's writes back up.
        socket.pause();
        socket.removeAllListeners('data');
        resolve({ head: head.slice(0, head.indexOf('\r\n\r\n')), closed, socket });
      }
    });
    socket.once('close', () => reject(new Error(`closed before the response head: ${head.slice(0, 200)}`)));
    socket.write(`GET ${LIST}?export=csv HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/csv\r\nCookie: ${cookie}\r\n\r\n`);
  });
}

describe('exports cannot be used to stall the server', () => {
  test('a user runs two exports at once; the third is a 429 with Retry-After until one ends', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const first = await stalledExport(admin.jar.header());
    const second = await stalledExport(admin.jar.header());
    expect(first.head).toMatch(/^HTTP\/1\.1 200/);
    expect(second.head).toMatch(/^HTTP\/1\.1 200/);
    const third = await admin(`${LIST}?export=csv`);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(third)).message).toMatch(/You already have 2 exports running/);
    // Another user is not held by the admin's exports.
    const viewer = await signedIn(server.url, 'viewer@example.com');
    const theirs = await viewer(`${LIST}?export=csv&from=2026-11-20`);
    expect(theirs.status).toBe(200);
    await theirs.text();
    // Cancelling one frees its slot.
    first.socket.destroy();
    await first.closed;
    await expect.poll(async () => {
      const next = await admin(`${LIST}?export=csv&from=2026-11-20`);
      await next.text();
      return next.status;
    }).toBe(200);
    second.socket.destroy();
  });

  test('a reader that stops taking bytes is cut off after the stall time: its slot is free and its file ends short', async () => {
    const admin = await signedIn(quick.url, 'admin@example.com');
    const stalled = await Promise.all([stalledExport(admin.jar.header(), quick), stalledExport(admin.jar.header(), quick)]);
    // Both slots come free once the server cuts the stalled readers off (a paused client cannot
    // see its connection end until it reads again).
    await expect
      .poll(
        async () => {
          const next = await admin(`${LIST}?export=csv&from=2026-11-20`);
          await next.text();
          return next.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);
    // Reading again, each gets what was buffered before the cut and then the end of the
    // connection: never the chunked body's last chunk.
    for (const { socket, closed } of stalled) {
      let body = '';
      socket.on('data', (chunk: Buffer) => {
        body += chunk.toString('latin1');
      });
      socket.resume();
      await closed;
      expect(body.length).toBeGreaterThan(0);
      expect(body.endsWith('\r\n0\r\n\r\n'), `a whole file of ${body.length} bytes`).toBe(false);
    }
  }, 90_000);

  test('an export with a search reads the trigram index once, not once per chunk of rows', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const db = server.server.db;
    db.prepare("UPDATE conversations SET summary = 'Marker zqxj for the export' WHERE id % 4 = 0").run();
    const expected = (db.prepare("SELECT COUNT(*) AS n FROM conversations WHERE summary LIKE '%zqxj%'").get() as { n: number }).n;
    expect(expected).toBeGreaterThan(4_000);
    const before = indexReads;
    const response = await admin(`${LIST}?export=csv&search=zqxj`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(expected + 1);
    expect(Number(response.headers.get('x-export-rows'))).toBe(expected);
    // "zqxj" has two trigrams: at most one read of the index each, for the whole file.
    expect(indexReads - before).toBeLessThanOrEqual(2);
  });
});
