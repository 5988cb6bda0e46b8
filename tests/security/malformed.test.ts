import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { json, rawRequest, signedIn } from './support';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, 'admin@example.com');
});
afterAll(async () => {
  await server.close();
});

const headers = () => ({
  cookie: admin.jar.header(),
  'x-xsrf-token': admin.jar.decoded('XSRF-TOKEN')!,
  'content-type': 'application/json',
  accept: 'application/json',
});

describe('finding 9: malformed input is 400/422, never 500', () => {
  test.each([
    ['GET', '/api/v1/users/%E0%A4%A', undefined],
    ['DELETE', '/api/v1/roles/%ZZ', undefined],
    ['PATCH', '/api/v1/bots/%C0', '{"name":"x"}'],
    ['POST', '/api/v1/roles', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['POST', '/api/v1/roles', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
    ['POST', '/api/v1/users', '{"name": "x", "email": '],
  ])('%s %s → 4xx with a JSON message', async (method, path, body) => {
    const response = await rawRequest(server.url, path, { method, headers: headers(), body });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(JSON.parse(response.body).message).toEqual(expect.any(String));
  });
});

describe('finding 9: a unique-constraint race is a 422', () => {
  test('ten parallel creates of one email: one 201, the rest 422 on email', async () => {
    const body = { name: 'Racy Rae', email: 'race@example.com', password: 'tangerine-orbit-42', password_confirmation: 'tangerine-orbit-42', account_id: 1 };
    const responses = await Promise.all(Array.from({ length: 10 }, () => admin('/api/v1/users', { method: 'POST', json: body })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const response of responses.filter((r) => r.status === 422)) {
      expect((await json(response)).errors.email).toEqual(['The email has already been taken.']);
    }
  });
});
