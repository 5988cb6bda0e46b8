// @vitest-environment jsdom
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createAuthApi } from '../../src/api/auth';
import { PAGE_ANSWERS_ID } from '../../src/api/firstCalls';
import { createHttp } from '../../src/api/http';
import { readPageAnswers } from '../../src/api/pageAnswers';
import { createResourceApi, RESOURCE_DEFS } from '../../src/api/resources';
import { parseRuntimeConfig } from '../../src/config';
import { listBody } from '../support/resourceFixtures';

const PAGE = 'https://portal.example/contacts?show=100';
const user = { data: { id: 1, name: 'Ada', email: 'ada@example.com', email_verified_at: '2025-01-01T00:00:00Z' } };
const contacts = (name: string) => listBody([{ id: 7, name, email: null, phone_number: null }], { perPage: 100 });

/** The page as the reference server writes it (server/http/firstAnswers.ts), then a transport reading it at boot. */
function boot(answers: unknown, { now = (): number => 50, base = PAGE, raw = undefined as string | null | undefined } = {}) {
  const text = raw === undefined ? JSON.stringify(answers) : raw;
  document.head.innerHTML = text === null ? '' : `<script type="application/json" id="${PAGE_ANSWERS_ID}">${text}</script>`;
  const network: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    network.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return Response.json(String(input).includes('/contacts') ? contacts('From the network') : user);
  });
  const http = createHttp(parseRuntimeConfig({ apiOrigin: 'https://portal.example' }), fetchImpl as unknown as typeof fetch, { pageAnswers: readPageAnswers({ base, now }) });
  return { http, network, contactsApi: createResourceApi(http, RESOURCE_DEFS.contacts) };
}

const carried = { answers: [{ url: '/api/v1/users/auth', body: user }, { url: '/api/v1/contacts/?show=100&page=1', body: contacts('From the page') }] };

beforeEach(() => {
  document.head.innerHTML = '';
});

describe('a page’s first answers (docs/first-answers.md)', () => {
  test('a GET equal to an answer the page carries (its query in any order) is answered from it, through the same readers, without the network', async () => {
    const { http, network, contactsApi } = boot(carried);
    const list = await contactsApi.browse({ page: 1, show: 100 });
    expect(list.data.map((row) => row.name)).toEqual(['From the page']);
    const read = await createAuthApi(http).fetchUser();
    expect(read.name).toBe('Ada');
    expect(network).toEqual([]);
    // Read once at boot: the element is gone from the document.
    expect(document.getElementById(PAGE_ANSWERS_ID)).toBeNull();
  });

  test('each answer is used once: the same GET again asks the network', async () => {
    const { network, contactsApi } = boot(carried);
    await contactsApi.browse({ page: 1, show: 100 });
    const again = await contactsApi.browse({ page: 1, show: 100 });
    expect(again.data.map((row) => row.name)).toEqual(['From the network']);
    expect(network).toEqual(['GET https://portal.example/api/v1/contacts/?page=1&show=100']);
  });

  test('a GET the page has no answer for (another query, an account filter) asks the network', async () => {
    const { network, contactsApi } = boot(carried);
    await contactsApi.browse({ page: 2, show: 100 });
    await contactsApi.browse({ page: 1, show: 100, account_id: '3' });
    expect(network).toHaveLength(2);
  });

  test('any write clears them: a later GET never gets what the page said before it', async () => {
    const { http, network, contactsApi } = boot(carried);
    await http.api.post('/v1/contacts/', { name: 'New' });
    const list = await contactsApi.browse({ page: 1, show: 100 });
    expect(list.data.map((row) => row.name)).toEqual(['From the network']);
    expect(network).toEqual(['POST https://portal.example/api/v1/contacts/', 'GET https://portal.example/api/v1/contacts/?page=1&show=100']);
  });

  test('they are used only within 10 s of the page’s load', async () => {
    const { network, contactsApi } = boot(carried, { now: () => 10_001 });
    const list = await contactsApi.browse({ page: 1, show: 100 });
    expect(list.data.map((row) => row.name)).toEqual(['From the network']);
    expect(network).toHaveLength(1);
  });

  test('an answer the readers refuse fails as the same answer from the network would', async () => {
    const { http, network } = boot({ answers: [{ url: '/api/v1/users/auth', body: { data: null } }] });
    await expect(createAuthApi(http).fetchUser()).rejects.toThrow('Unable to fetch user after login');
    expect(network).toEqual([]);
  });

  test('a page without them, a malformed element, or answers for another origin: every GET asks the network', async () => {
    const otherOrigin = JSON.stringify({ answers: [{ url: 'https://elsewhere.example/api/v1/users/auth', body: user }] });
    for (const raw of [null, 'not json {', '{"answers": "no"}', otherOrigin]) {
      const { http, network } = boot(undefined, { raw });
      await createAuthApi(http).fetchUser();
      expect(network, String(raw)).toEqual(['GET https://portal.example/api/v1/users/auth']);
    }
  });
});
