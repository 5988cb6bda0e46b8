import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_CALLS_PER_MINUTE } from '../../server/http/routes/calls';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, signedIn } from './support';

/**
 * Issue 27 item 7 (low): outbound calls are rate-limited per user. Real HTTP for the calls and a
 * real socket.io connection for the ClientId each call reports its progress to.
 */

type Client = Awaited<ReturnType<typeof signedIn>>;

let server: TestServer;
let instanceId: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const db = server.server.db;
  // Fixture: the seeded staff user (Chat add, own account) verified, and an instance of that account (the admin reaches every account).
  db.prepare("UPDATE users SET email_verified_at = '2024-01-01T00:00:00.000Z' WHERE email = 'unverified@example.com'").run();
  instanceId = (db.prepare("SELECT i.id FROM instances i JOIN users u ON u.account_id = i.account_id WHERE u.email = 'unverified@example.com' ORDER BY i.id LIMIT 1").get() as { id: number }).id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

/** The ClientId of a new chat connection of `client`'s session. */
async function chatClientId(client: Client): Promise<string> {
  const socket = io(server.url, { transports: ['websocket'], auth: { token: client.jar.decoded('chat_session') }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise<string>((resolve, reject) => {
    socket.on('ClientId', (id: string) => resolve(id));
    socket.on('connect_error', reject);
  });
}

const call = (client: Client, clientId: string, phone: string) =>
  client(`/api/v1/conversations/instance/${instanceId}/call/${phone}`, { method: 'POST', json: { ClientId: clientId, suppressHistory: true } });

describe('issue 27 item 7: outbound calls are rate-limited per user', () => {
  test(`the call after ${MAX_CALLS_PER_MINUTE} in a minute answers 429 with Retry-After; another user still calls`, async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const clientId = await chatClientId(admin);
    // A mistyped number is refused before anything is dialled and does not use up the allowance.
    expect((await call(admin, clientId, '123')).status).toBe(422);
    for (let index = 0; index < MAX_CALLS_PER_MINUTE; index += 1) {
      const placed = await call(admin, clientId, `555010${String(index).padStart(4, '0')}`);
      expect(placed.status, await placed.clone().text()).toBe(201);
    }
    const refused = await call(admin, clientId, '5550109999');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await json(refused)).message).toBe(`You have placed ${MAX_CALLS_PER_MINUTE} calls in the last minute. Please try again in ${retryAfter} seconds.`);
    // A new session of the same user is the same user: still refused.
    const again = await signedIn(server.url, 'admin@example.com');
    expect((await call(again, await chatClientId(again), '5550109998')).status).toBe(429);

    const other = await signedIn(server.url, 'unverified@example.com');
    const otherCall = await call(other, await chatClientId(other), '5550109997');
    expect(otherCall.status, await otherCall.clone().text()).toBe(201);
  });
});
