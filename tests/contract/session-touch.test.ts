import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

/**
 * A session used again after more than a minute records the use (last_seen_at, written at most
 * once a minute) and the request is answered as usual. The write goes through the reused
 * prepared statements of server/db/statements.ts, which once threw on it: every request of a
 * session idle for a minute answered 500.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test('a request after a minute of idleness is answered and refreshes the session', async () => {
  const client = await signedInClient(server.url, 'admin@example.com');
  const db = server.server.db;
  const idle = new Date(Date.now() - 5 * 60_000).toISOString();
  db.prepare('UPDATE sessions SET last_seen_at = ?').run(idle);
  const response = await client('/api/v1/users/auth');
  expect(response.status).toBe(200);
  const seen = (db.prepare('SELECT MAX(last_seen_at) AS at FROM sessions').get() as { at: string }).at;
  expect(Date.parse(seen)).toBeGreaterThan(Date.parse(idle));
  expect((await client('/api/v1/reporting/conversations')).status).toBe(200);
});
