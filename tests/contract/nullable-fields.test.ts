import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { call, signIn, type Client } from './resources-client';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@example.com');
});
afterAll(async () => {
  await server.close();
});

describe('the reference API accepts what another SPEC-valid client sends (Laravel `nullable`)', () => {
  test.each([
    ['actions', { name: 'Null config', kind: 'webhook', config: null, description: null }],
    ['tools', { name: 'Null parameters', kind: 'http', parameters: null, description: null }],
    ['llms', { name: 'Null numbers', provider: 'openai-compatible', model: 'm', temperature: null, max_tokens: null }],
    ['feedback', { rating: 3, comment: 'Null status', status: null }],
    ['instances', { name: 'Null status', status: null, phone_number: null }],
  ])('POST /v1/%s/ with null optional fields creates the record', async (path, body) => {
    const created = await call(admin, `/${path}/`, { method: 'POST', json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const patched = await call(admin, `/${path}/${id}`, { method: 'PATCH', json: body });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  });

  test('GET /v1/accounts/ (SPEC’s trailing slash) is the account list', async () => {
    const list = await call(admin, '/accounts/?show=2');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: expect.any(Array), links: expect.any(Object), meta: expect.objectContaining({ per_page: 2 }) });
  });
});
