import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function guest(origin = server.url) {
  const client = jarFetch(origin);
  await client('/sanctum/csrf-cookie');
  return client;
}

const wrong = (client: ReturnType<typeof jarFetch>, email: string, headers: Record<string, string> = {}) =>
  client('/login', { method: 'POST', json: { email, password: 'wrong-password' }, headers });

describe('finding 7: the sign-in throttle holds', () => {
  test('30 parallel wrong passwords: only 5 are evaluated, the rest wait (429)', async () => {
    const client = await guest();
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => wrong(client, 'viewer@example.com')))).map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  test('a rotating X-Forwarded-For does not reset the count when no proxy is configured', async () => {
    const client = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await wrong(client, 'bots@example.com', { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test('the key is email + address: another address is not locked out, and TRUST_PROXY decides the address', async () => {
    const proxied = await startTestServer({ trustProxy: 'loopback' });
    try {
      const client = await guest(proxied.url);
      for (let i = 0; i < 5; i++) expect((await wrong(client, 'admin@example.com', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(422);
      expect((await wrong(client, 'admin@example.com', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(429);
      // Same address, another email; same email, another (forwarded) address: both still evaluated.
      expect((await wrong(client, 'viewer@example.com', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(422);
      expect((await wrong(client, 'admin@example.com', { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(422);
    } finally {
      await proxied.close();
    }
  });
});
