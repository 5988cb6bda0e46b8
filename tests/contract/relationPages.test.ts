import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { createHttp } from '../../src/api/http';
import { createRelationsApi } from '../../src/api/relations';
import { parseRuntimeConfig } from '../../src/config';
import { ACME, call, signIn, type Client, type Json } from './resources-client';

/**
 * Issue 26 item 1 over real HTTP: the reference API pages relation lists at 15 (the portal asks
 * the assigned lists without `show`), so the portal's relation calls must follow links.next.
 */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@example.com');
});
afterAll(async () => {
  await server.close();
});

/** The portal's HTTP client over the signed-in session of `client` (its cookie jar), logging each URL. */
function portalRelations(client: Client) {
  const asked: string[] = [];
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', client.jar.header());
    // The browser's cookie jar is this client's: echo its XSRF token on writes, as http.ts does from document.cookie.
    const xsrf = client.jar.decoded('XSRF-TOKEN');
    if (xsrf && (init?.method ?? 'get').toLowerCase() !== 'get') headers.set('x-xsrf-token', xsrf);
    asked.push(decodeURIComponent(String(input).replace(server.url, '')));
    return fetch(input, { ...init, headers });
  };
  return { api: createRelationsApi(createHttp(parseRuntimeConfig({ apiOrigin: server.url }), fetchImpl)), asked };
}

async function create(path: string, json: Json): Promise<number> {
  const response = await call(admin, path, { method: 'POST', json: { account_id: ACME, ...json } });
  expect(response.status).toBe(201);
  return (response.body.data ?? response.body).id as number;
}

const signal = () => new AbortController().signal;

describe('relation lists read every page of the reference API', () => {
  test('a role with 19 dispositions: all 19 through ?page=2; available checked against them', async () => {
    const role = await create('/roles/', { name: 'Nineteen dispositions' });
    const ids: number[] = [];
    for (let i = 1; i <= 19; i++) ids.push(await create('/dispositions/', { label: `Paged disposition ${String(i).padStart(2, '0')}` }));
    for (const id of ids) expect((await call(admin, `/roles/${role}/dispositions/${id}`, { method: 'POST' })).status).toBe(201);

    const { api, asked } = portalRelations(admin);
    const read = await api['roles.dispositions'].list(String(role), {}, signal());
    expect(read.total).toBe(19);
    expect(read.next).toBeNull();
    expect(read.items.map((d) => d.id).sort()).toEqual(ids.map(String).sort());
    expect(asked.some((url) => url.includes(`/roles/${role}/dispositions/?`) && url.includes('page=2'))).toBe(true);
    const available = await api['roles.dispositions'].available!(String(role), signal());
    for (const id of ids) expect(available.map((d) => d.id)).not.toContain(String(id));
  });

  test('a workflow with 34 contacts: all 34 in three pages, the 34th removable', async () => {
    const workflow = await create('/workflows/', { name: 'Thirty-four contacts', trigger: 'outbound_call' });
    const ids: number[] = [];
    for (let i = 1; i <= 34; i++) ids.push(await create('/contacts/', { name: `Paged contact ${String(i).padStart(2, '0')}` }));
    for (const id of ids) expect((await call(admin, `/workflows/${workflow}/contacts/${id}`, { method: 'POST', json: {} })).status).toBe(201);

    const { api, asked } = portalRelations(admin);
    const relation = api['workflows.contacts'];
    const read = await relation.list(String(workflow), {}, signal());
    expect(read.items).toHaveLength(34);
    expect(read.total).toBe(34);
    expect(asked.filter((url) => url.startsWith(`/api/v1/workflows/${workflow}/contacts/`))).toHaveLength(3);
    const last = ids.at(-1)!;
    await relation.remove!(String(workflow), String(last), [], signal());
    expect((await relation.list(String(workflow), {}, signal())).total).toBe(33);
  });
});
