import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';
import { guestClient, json } from './account-support';

/**
 * Issue 26 item 6: Fortify's `password.confirm` in front of the two-factor management routes.
 * POST /user/confirm-password (201 ''), GET /user/confirmed-password-status ({confirmed}), and
 * 423 {message: 'Password confirmation required.'} until the password was confirmed within
 * Laravel's auth.password_timeout (10800 s).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Client = ReturnType<typeof jarFetch>;

async function signedIn(email: string): Promise<Client> {
  const client = await guestClient(server.url);
  expect((await client('/login', { method: 'POST', json: { email, password: 'password' } })).status).toBe(200);
  return client;
}

const GUARDED = [
  ['POST', '/user/two-factor-authentication'],
  ['DELETE', '/user/two-factor-authentication'],
  ['POST', '/user/confirmed-two-factor-authentication'],
  ['GET', '/user/two-factor-qr-code'],
  ['GET', '/user/two-factor-secret-key'],
  ['GET', '/user/two-factor-recovery-codes'],
  ['POST', '/user/two-factor-recovery-codes'],
] as const;

async function statuses(client: Client): Promise<number[]> {
  const seen: number[] = [];
  for (const [method, path] of GUARDED) seen.push((await client(path, { method, json: method === 'GET' ? undefined : {} })).status);
  return seen;
}

describe("Fortify's password confirmation guards the two-factor routes", () => {
  test('every management route answers 423 with Laravel\'s text until the password is confirmed', async () => {
    const client = await signedIn('viewer@example.com');
    expect(await statuses(client)).toEqual(GUARDED.map(() => 423));
    const locked = await client('/user/two-factor-authentication', { method: 'POST', json: {} });
    expect(await json(locked)).toEqual({ message: 'Password confirmation required.' });
    expect(await json(await client('/user/confirmed-password-status'))).toEqual({ confirmed: false });
  });

  test("a wrong password is 422 on `password` with Fortify's text; the right one is 201 and opens the routes", async () => {
    const client = await signedIn('bots@example.com');
    const wrong = await client('/user/confirm-password', { method: 'POST', json: { password: 'not-it' } });
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toEqual({ message: 'The provided password was incorrect.', errors: { password: ['The provided password was incorrect.'] } });
    const right = await client('/user/confirm-password', { method: 'POST', json: { password: 'password' } });
    expect(right.status).toBe(201);
    expect(await right.json()).toBe('');
    expect(await json(await client('/user/confirmed-password-status'))).toEqual({ confirmed: true });
    expect((await client('/user/two-factor-authentication', { method: 'POST', json: {} })).status).toBe(200);
    expect((await client('/user/two-factor-recovery-codes')).status).toBe(200);
  });

  test('the confirmation belongs to the session that gave it and lasts 10800 s', async () => {
    const confirmed = await signedIn('admin@example.com');
    const other = await signedIn('admin@example.com');
    await confirmed('/user/confirm-password', { method: 'POST', json: { password: 'password' } });
    expect((await other('/user/two-factor-recovery-codes')).status).toBe(423);
    expect((await confirmed('/user/two-factor-recovery-codes')).status).toBe(200);

    const justInside = new Date(Date.now() - 10_790_000).toISOString();
    const justOutside = new Date(Date.now() - 10_801_000).toISOString();
    server.server.db.prepare('UPDATE sessions SET password_confirmed_at = ? WHERE password_confirmed_at IS NOT NULL').run(justInside);
    expect((await confirmed('/user/two-factor-recovery-codes')).status).toBe(200);
    server.server.db.prepare('UPDATE sessions SET password_confirmed_at = ? WHERE password_confirmed_at IS NOT NULL').run(justOutside);
    expect((await confirmed('/user/two-factor-recovery-codes')).status).toBe(423);
    expect(await json(await confirmed('/user/confirmed-password-status'))).toEqual({ confirmed: false });
  });

  test('guessing is throttled: after 5 wrong passwords a minute, 429 with Retry-After', async () => {
    const client = await signedIn('unverified@example.com');
    for (let i = 0; i < 5; i++) expect((await client('/user/confirm-password', { method: 'POST', json: { password: `guess-${i}` } })).status).toBe(422);
    const blocked = await client('/user/confirm-password', { method: 'POST', json: { password: 'password' } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('guests get 401, not 423', async () => {
    const client = await guestClient(server.url);
    expect(await statuses(client)).toEqual(GUARDED.map(() => 401));
    expect((await client('/user/confirm-password', { method: 'POST', json: { password: 'password' } })).status).toBe(401);
  });
});
