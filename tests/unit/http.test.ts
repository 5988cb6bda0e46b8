// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createHttp, type SessionHooks } from '../../src/api/http';
import { parseRuntimeConfig } from '../../src/config';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

function setup(respond: (sent: Sent) => Response = () => Response.json({ ok: true }), hooks: Partial<SessionHooks> = {}) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const record: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      credentials: init?.credentials,
    };
    sent.push(record);
    return respond(record);
  });
  const http = createHttp(parseRuntimeConfig({ apiOrigin: 'https://api.example' }), fetchImpl as unknown as typeof fetch);
  const calls = { sessionExpired: 0, unverified: 0, forbidden: 0 };
  http.setHooks({
    accountId: () => null,
    isSignedIn: () => true,
    sessionExpired: () => (calls.sessionExpired += 1),
    unverified: () => (calls.unverified += 1),
    forbidden: () => (calls.forbidden += 1),
    ...hooks,
  });
  return { http, sent, calls };
}

afterEach(() => {
  for (const name of ['XSRF-TOKEN', 'AccessToken', 'IdToken', 'PortalToken']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

describe('the transport’s cross-cutting rules (SPEC §7)', () => {
  test('a pagination link on our API origin is requested as given; one naming another origin is read as a path on ours', async () => {
    const { http, sent } = setup();
    await http.api.get('https://api.example/api/v1/roles?page=2', { query: { search: 'ops' } });
    await http.api.get('http://localhost/api/v1/roles?page=3', { query: { search: 'ops' } });
    expect(sent.map((s) => s.url)).toEqual(['https://api.example/api/v1/roles?page=2&search=ops', 'https://api.example/api/v1/roles?page=3&search=ops']);
  });

  test('two clients: /api prefix and the host root; credentials on every request', async () => {
    const { http, sent } = setup();
    await http.api.get('/v1/bots');
    await http.root.get('/sanctum/csrf-cookie');
    expect(sent.map((s) => s.url)).toEqual(['https://api.example/api/v1/bots', 'https://api.example/sanctum/csrf-cookie']);
    expect(sent.every((s) => s.credentials === 'include')).toBe(true);
  });

  test('X-XSRF-TOKEN (URL-decoded cookie) on writes only; token headers from their cookies', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; Path=/';
    document.cookie = 'AccessToken=acc; Path=/';
    document.cookie = 'IdToken=idt; Path=/';
    document.cookie = 'PortalToken=12%7Csecret; Path=/';
    const { http, sent } = setup();
    await http.api.get('/v1/bots');
    await http.api.post('/v1/bots', { name: 'x' });
    expect(sent[0]?.headers['x-xsrf-token']).toBeUndefined();
    expect(sent[1]?.headers['x-xsrf-token']).toBe('abc==');
    expect(sent[1]?.headers).toMatchObject({ accesstoken: 'acc', idtoken: 'idt', authorization: 'Bearer 12|secret' });
  });

  test('the token exchange sends none of the stored tokens', async () => {
    document.cookie = 'PortalToken=old; Path=/';
    const { http, sent } = setup();
    await http.api.post('/v1/auth/token/ad', { device_name: 'portal' }, { withoutStoredTokens: true, headers: { authorization: 'Bearer idp', accesstoken: 'at' } });
    expect(sent[0]?.headers.authorization).toBe('Bearer idp');
    expect(sent[0]?.headers.idtoken).toBeUndefined();
  });

  test('the account filter adds account_id to GET queries and POST bodies, not to PATCH', async () => {
    const { http, sent } = setup(undefined, { accountId: () => '7' });
    await http.api.get('/v1/bots', { query: { search: 'a b', 'filter[ids]': [1, 2] } });
    await http.api.post('/v1/bots', { name: 'x' });
    await http.api.patch('/v1/bots/1', { name: 'y' });
    expect(sent[0]?.url).toBe('https://api.example/api/v1/bots?search=a+b&filter%5Bids%5D%5B%5D=1&filter%5Bids%5D%5B%5D=2&account_id=7');
    expect(sent[1]?.body).toEqual({ name: 'x', account_id: '7' });
    expect(sent[2]?.body).toEqual({ name: 'y' });
  });

  test('an account_id the call names itself wins over the filter’s; a multipart POST gets the filter’s too', async () => {
    const { http, sent } = setup(undefined, { accountId: () => '7' });
    await http.api.get('/v1/llms/', { query: { account_id: '2' } });
    await http.api.post('/v1/agents/', { name: 'x', account_id: 2 });
    const upload = new FormData();
    upload.append('file', new Blob(['{}']), 'bot.json');
    await http.api.post('/v1/bots/', upload);
    const chosen = new FormData();
    chosen.append('account_id', '3');
    await http.api.post('/v1/bots/', chosen);
    expect(sent[0]?.url).toBe('https://api.example/api/v1/llms/?account_id=2');
    expect(sent[1]?.body).toEqual({ name: 'x', account_id: 2 });
    expect((sent[2]?.body as FormData).get('account_id')).toBe('7');
    expect((sent[2]?.body as FormData).get('file')).toBeTruthy();
    expect((sent[3]?.body as FormData).getAll('account_id')).toEqual(['3']);
  });

  test('pagination links are requested as given (absolute URLs)', async () => {
    const { http, sent } = setup();
    await http.api.get('https://api.example/api/v1/bots?page=3&show=15');
    expect(sent[0]?.url).toBe('https://api.example/api/v1/bots?page=3&show=15');
  });

  test.each([
    [401, { message: 'Unauthenticated.' }, 'get', { sessionExpired: 1, unverified: 0, forbidden: 0 }],
    [419, { message: 'CSRF token mismatch.' }, 'post', { sessionExpired: 1, unverified: 0, forbidden: 0 }],
    [403, { message: 'Your email address is not verified.' }, 'get', { sessionExpired: 0, unverified: 1, forbidden: 0 }],
    [403, { message: 'This action is unauthorized.' }, 'get', { sessionExpired: 0, unverified: 0, forbidden: 1 }],
    [403, { message: 'This action is unauthorized.' }, 'post', { sessionExpired: 0, unverified: 0, forbidden: 0 }],
    [500, { message: 'Server Error' }, 'get', { sessionExpired: 0, unverified: 0, forbidden: 0 }],
  ] as const)('%i on %s → hooks %o, and the call rejects with an ApiError', async (status, body, method, expected) => {
    const { http, calls } = setup(() => Response.json(body, { status }));
    const call = method === 'get' ? http.api.get('/v1/x') : http.api.post('/v1/x', {});
    await expect(call).rejects.toMatchObject({ name: 'ApiError', status, detail: 'API Error, please try again.', serverDetail: body.message });
    expect(calls).toEqual(expected);
  });

  test('401 while signed out does not log out', async () => {
    const { http, calls } = setup(() => Response.json({ message: 'Unauthenticated.' }, { status: 401 }), { isSignedIn: () => false });
    await expect(http.api.get('/v1/users/auth')).rejects.toMatchObject({ status: 401 });
    expect(calls.sessionExpired).toBe(0);
  });

  test('a network failure is an ApiError with no status and SPEC’s text', async () => {
    const { http } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.api.get('/v1/x')).rejects.toMatchObject({ status: 0, detail: 'API Error, please try again.' });
  });
});

test('a failure answered before the system set the hooks (boot’s early session read) is told to them once it does', async () => {
  const http = createHttp(parseRuntimeConfig({ apiOrigin: 'https://api.example' }), (async () => Response.json({ message: 'Your email address is not verified.' }, { status: 403 })) as unknown as typeof fetch);
  await expect(http.api.get('/v1/users/auth')).rejects.toMatchObject({ status: 403 });
  const calls = { unverified: 0, forbidden: 0 };
  http.setHooks({ accountId: () => null, isSignedIn: () => false, sessionExpired: () => {}, unverified: () => (calls.unverified += 1), forbidden: () => (calls.forbidden += 1) });
  expect(calls).toEqual({ unverified: 1, forbidden: 0 });
  // Told once: hooks set again later hear nothing of it.
  http.setHooks({ accountId: () => null, isSignedIn: () => false, sessionExpired: () => {}, unverified: () => (calls.unverified += 1), forbidden: () => (calls.forbidden += 1) });
  expect(calls).toEqual({ unverified: 1, forbidden: 0 });
});

test('a call that handles its own 403 (expired signed link) does not open the forbidden page', async () => {
  const { http, calls } = setup(() => Response.json({ message: 'Invalid/Expired url provided.' }, { status: 403 }));
  await expect(http.root.get('/api/v1/email/verify/1/x', { handlesForbidden: true })).rejects.toMatchObject({ status: 403, serverDetail: 'Invalid/Expired url provided.' });
  expect(calls.forbidden).toBe(0);
});

test('a GET the page answered reads no cookie and sends nothing; the same call again goes to the network with its tokens', async () => {
  document.cookie = 'PortalToken=portal-1; Path=/';
  const answers = new Map([['https://api.example/api/v1/user', JSON.stringify({ data: { id: 1 } })]]);
  const sent: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(`${String(input)} ${(init?.headers as Record<string, string>).authorization ?? ''}`);
    return Response.json({ data: { id: 2 } });
  });
  const http = createHttp(parseRuntimeConfig({ apiOrigin: 'https://api.example' }), fetchImpl as unknown as typeof fetch, {
    pageAnswers: { take: (url) => { const found = answers.get(url); answers.delete(url); return found; }, clear: () => answers.clear() },
  });
  // Each read of document.cookie asks the browser process: a page's first calls need none.
  const cookie = vi.spyOn(document, 'cookie', 'get');
  const carried = await http.api.get('/v1/user');
  expect(carried).toMatchObject({ status: 200, data: { data: { id: 1 } } });
  expect(cookie).not.toHaveBeenCalled();
  expect(sent).toEqual([]);
  const fetched = await http.api.get('/v1/user');
  expect(fetched.data).toEqual({ data: { id: 2 } });
  expect(sent).toEqual(['https://api.example/api/v1/user Bearer portal-1']);
  cookie.mockRestore();
});
