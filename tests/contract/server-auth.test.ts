import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MODEL_NAMES } from '../../server/auth/models';
import { errorHandler } from '../../server/http/errors';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';

// connect-src names this server's own websocket origin (the chat gateway), never any ws:/wss: host.
const CSP = (origin: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ${origin.replace(/^http/, 'ws')}; media-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'`;

/** A CSP header with `; ` between directives (helmet writes `;`), to compare directive by directive. */
const spaced = (header: string | null) => (header ?? '').split(';').map((d) => d.trim()).join('; ');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
beforeAll(async () => {
  // The dev-sso stand-in is off by default; these tests exercise it.
  server = await startTestServer({ devSso: true });
});
afterAll(async () => {
  await server.close();
});

/** A browser-like client: csrf bootstrap, then login. */
async function signIn(email: string, remember = false) {
  const client = jarFetch(server.url);
  expect((await client('/sanctum/csrf-cookie')).status).toBe(204);
  const response = await client('/login', { method: 'POST', json: { email, password: 'password', remember } });
  expect(response.status).toBe(200);
  return client;
}

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

describe('CSRF (Sanctum double submit)', () => {
  test('GET /sanctum/csrf-cookie answers 204 and sets a readable, URL-encoded XSRF-TOKEN', async () => {
    const client = jarFetch(server.url);
    const response = await client('/sanctum/csrf-cookie');
    expect(response.status).toBe(204);
    const cookie = client.jar.get('XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie?.attributes.has('httponly')).toBe(false);
    expect(cookie?.attributes.get('samesite')).toBe('Lax');
    expect(cookie?.attributes.get('path')).toBe('/');
    // Standard base64 with padding: stored encoded, so clients must decode before echoing.
    expect(cookie?.value).toMatch(/%3D/);
    expect(client.jar.decoded('XSRF-TOKEN')).not.toBe(cookie?.value);
  });

  test('a POST without the X-XSRF-TOKEN header is refused with 419', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'password' }, xsrf: false });
    expect(response.status).toBe(419);
    expect(await json(response)).toEqual({ message: 'CSRF token mismatch.' });
  });

  test('a POST with a token that does not match the cookie is refused with 419', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', {
      method: 'POST',
      json: { email: 'admin@example.com', password: 'password' },
      xsrf: false,
      headers: { 'X-XSRF-TOKEN': 'forged' },
    });
    expect(response.status).toBe(419);
  });

  test('a POST without any XSRF cookie is refused with 419', async () => {
    const response = await fetch(`${server.url}/logout`, { method: 'POST', headers: { 'X-XSRF-TOKEN': 'x' } });
    expect(response.status).toBe(419);
  });
});

describe('POST /login', () => {
  test('missing fields give 422 with Laravel texts per field', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', json: {} });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.errors.email).toEqual(['The email field is required.']);
    expect(body.errors.password).toEqual(['The password field is required.']);
    expect(body.message).toBe('The email field is required.');
  });

  test('an invalid email gives 422 on email', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', json: { email: 'not-an-address', password: 'x' } });
    expect(response.status).toBe(422);
    expect((await json(response)).errors.email).toEqual(['The email field must be a valid email address.']);
  });

  test('a wrong password gives 422 with the credentials message', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'wrong' } });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect(client.jar.get('portal_session')).toBeUndefined();
  });

  test('an unknown email gives the same 422 (no account enumeration)', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', json: { email: 'nobody@example.com', password: 'password' } });
    expect(response.status).toBe(422);
    expect((await json(response)).message).toBe('These credentials do not match our records.');
  });

  test('success answers {two_factor:false} and sets the session (HttpOnly) and chat (readable) cookies', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', json: { email: 'ADMIN@example.com', password: 'password' } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ two_factor: false });
    const session = client.jar.get('portal_session');
    const chat = client.jar.get('chat_session');
    expect(session?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.attributes.has('httponly')).toBe(true);
    expect(session?.attributes.get('samesite')).toBe('Lax');
    expect(session?.attributes.has('secure')).toBe(false); // plain http here
    expect(chat?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(chat?.value).not.toBe(session?.value);
    expect(chat?.attributes.has('httponly')).toBe(false);
  });

  test('"remember" makes the session cookies persistent', async () => {
    const client = await signIn('viewer@example.com', true);
    expect(Number(client.jar.get('portal_session')?.attributes.get('max-age'))).toBeGreaterThan(86400);
  });

  test('signing in again regenerates the session and ends the old one', async () => {
    const client = await signIn('admin@example.com');
    const first = client.jar.get('portal_session')!.value;
    await client('/login', { method: 'POST', json: { email: 'admin@example.com', password: 'password' } });
    const second = client.jar.get('portal_session')!.value;
    expect(second).not.toBe(first);
    const replay = await fetch(`${server.url}/api/v1/users/auth`, { headers: { Cookie: `portal_session=${first}`, Accept: 'application/json' } });
    expect(replay.status).toBe(401);
  });

  test('after 5 failures the same email and address must wait (Fortify throttle)', async () => {
    const own = await startTestServer();
    try {
      const client = jarFetch(own.url);
      await client('/sanctum/csrf-cookie');
      const attempt = () => client('/login', { method: 'POST', json: { email: 'bots@example.com', password: 'nope' } });
      for (let i = 0; i < 5; i += 1) expect((await json(await attempt())).message).toBe('These credentials do not match our records.');
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(blocked)).message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    } finally {
      await own.close();
    }
  });
});

describe('current user and permissions', () => {
  test('GET /api/v1/users/auth returns the signed-in user', async () => {
    const client = await signIn('admin@example.com');
    const response = await client('/api/v1/users/auth');
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      name: 'Avery Admin',
      email: 'admin@example.com',
      isAdmin: true,
      theme_color: '#4f46e5',
      roles: [{ id: expect.any(Number), name: 'Administrator' }],
    });
    expect(data.id).toEqual(expect.any(Number));
    expect(data.account_id).toEqual(expect.any(Number));
    expect(Date.parse(data.email_verified_at)).not.toBeNaN();
    expect(data).not.toHaveProperty('password_hash');
  });

  test('admin: every model with every action at level 9, Global access', async () => {
    const client = await signIn('admin@example.com');
    const { data } = await json(await client('/api/v1/user/permissions'));
    expect(Object.keys(data).sort()).toEqual([...MODEL_NAMES, 'Global'].sort());
    for (const model of MODEL_NAMES) {
      expect(data[model]).toEqual({ browse: true, read: true, edit: true, add: true, delete: true, level: 9 });
    }
    expect(data.Global).toEqual({ access: true });
  });

  test('bots user: exactly one permitted section, Bots', async () => {
    const client = await signIn('bots@example.com');
    const { data } = await json(await client('/api/v1/user/permissions'));
    expect(data.Bots).toEqual({ browse: true, read: true, edit: true, add: true, delete: true, level: 1 });
    for (const model of MODEL_NAMES.filter((m) => m !== 'Bots')) {
      expect(data[model]).toEqual({ browse: false, read: false, edit: false, add: false, delete: false, level: 0 });
    }
    expect(data.Global).toEqual({ access: true });
  });

  test('viewer: browse and read everywhere, nothing else, level 1; no live watch (a supervisor\'s)', async () => {
    const client = await signIn('viewer@example.com');
    const { data } = await json(await client('/api/v1/user/permissions'));
    for (const model of MODEL_NAMES.filter((name) => name !== 'Live-Watch')) {
      expect(data[model]).toEqual({ browse: true, read: true, edit: false, add: false, delete: false, level: 1 });
    }
    expect(data['Live-Watch']).toMatchObject({ browse: false, read: false, edit: false, add: false, delete: false });
    expect(data.Global).toEqual({ access: true });
    const me = await json(await client('/api/v1/users/auth'));
    expect(me.data.theme_color).toBe('#0f766e');
  });

  test('a user no role grants anything: Global access false (the portal shows /error/access), every model off', async () => {
    // A verified user with the demo password and no role at all.
    server.server.db
      .prepare(`INSERT INTO users (account_id, name, email, password_hash, email_verified_at, is_admin)
                SELECT account_id, 'Nora No-Role', 'norole@example.com', password_hash, email_verified_at, 0 FROM users WHERE email = 'viewer@example.com'`)
      .run();
    const client = await signIn('norole@example.com');
    const { data } = await json(await client('/api/v1/user/permissions'));
    expect(data.Global).toEqual({ access: false });
    for (const model of MODEL_NAMES) expect(data[model]).toEqual({ browse: false, read: false, edit: false, add: false, delete: false, level: 0 });
  });

  test('an unverified user can sign in but the API answers 403 with the exact message', async () => {
    const client = await signIn('unverified@example.com');
    for (const url of ['/api/v1/users/auth', '/api/v1/user/permissions', '/api/v1/accounts']) {
      const response = await client(url);
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({ message: 'Your email address is not verified.' });
    }
  });

  test('guests get 401 Unauthenticated.', async () => {
    const response = await fetch(`${server.url}/api/v1/users/auth`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('POST /logout', () => {
  test('answers 204, clears the cookies and ends the session server-side', async () => {
    const client = await signIn('admin@example.com');
    const sessionValue = client.jar.get('portal_session')!.value;
    const response = await client('/logout', { method: 'POST' });
    expect(response.status).toBe(204);
    expect(client.jar.get('portal_session')).toBeUndefined();
    expect(client.jar.get('chat_session')).toBeUndefined();
    const after = await client('/api/v1/users/auth');
    expect(after.status).toBe(401);
    expect(await json(after)).toEqual({ message: 'Unauthenticated.' });
    // A copy of the old cookie is worthless too.
    const replay = await fetch(`${server.url}/api/v1/users/auth`, { headers: { Cookie: `portal_session=${sessionValue}` } });
    expect(replay.status).toBe(401);
  });

  test('needs the CSRF header like every other POST', async () => {
    const client = await signIn('admin@example.com');
    expect((await client('/logout', { method: 'POST', xsrf: false })).status).toBe(419);
    expect((await client('/api/v1/users/auth')).status).toBe(200);
  });
});

describe('SSO token exchange and Bearer tokens', () => {
  const exchange = (identity: string, body: unknown = { device_name: 'portal' }, accessToken = 'provider-access-token') =>
    fetch(`${server.url}/api/v1/auth/token/ad`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${identity}`, AccessToken: accessToken, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });

  test('a dev-sso identity token is exchanged for a portal token without any CSRF cookie', async () => {
    const response = await exchange('dev-sso:admin@example.com');
    expect(response.status).toBe(200);
    const { token } = await json(response);
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{40}$/);

    const me = await fetch(`${server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await json(me)).data.email).toBe('admin@example.com');
  });

  test('token-authenticated writes bypass CSRF; logout revokes the token', async () => {
    const { token } = await json(await exchange('dev-sso:viewer@example.com'));
    const logout = await fetch(`${server.url}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
    const after = await fetch(`${server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  test('a wrong or forged Bearer token is not authentication (and so no CSRF exemption)', async () => {
    const { token } = await json(await exchange('dev-sso:admin@example.com'));
    const forged = `${token.split('|')[0]}|${'A'.repeat(40)}`;
    expect((await fetch(`${server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${forged}` } })).status).toBe(401);
    expect((await fetch(`${server.url}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${forged}` } })).status).toBe(419);
  });

  test('unknown identities, other token forms and a missing AccessToken give 401', async () => {
    expect((await exchange('dev-sso:nobody@example.com')).status).toBe(401);
    expect((await exchange('eyJhbGciOiJSUzI1NiJ9.e30.sig')).status).toBe(401);
    expect((await exchange('dev-sso:admin@example.com', { device_name: 'portal' }, '')).status).toBe(401);
  });

  test('device_name is required (422)', async () => {
    const response = await exchange('dev-sso:admin@example.com', {});
    expect(response.status).toBe(422);
    expect((await json(response)).errors.device_name).toEqual(['The device name field is required.']);
  });
});

describe('GET /api/v1/accounts (list envelope)', () => {
  test('pages through every account by following the absolute links', async () => {
    const client = await signIn('admin@example.com');
    const first = await json(await client('/api/v1/accounts?show=1&sort=name'));
    expect(Object.keys(first).sort()).toEqual(['data', 'links', 'meta']);
    expect(first.meta).toMatchObject({ current_page: 1, from: 1, to: 1, last_page: 3, per_page: 1, total: 3, path: `${server.url}/api/v1/accounts` });
    expect(first.links.first).toBe(`${server.url}/api/v1/accounts?show=1&sort=name&page=1`);
    expect(first.links.last).toBe(`${server.url}/api/v1/accounts?show=1&sort=name&page=3`);
    expect(first.links.prev).toBeNull();
    expect(first.meta.links.map((l: Json) => l.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    expect(first.meta.links.filter((l: Json) => l.active).map((l: Json) => l.label)).toEqual(['1']);

    const names: string[] = [];
    let page: Json = first;
    for (;;) {
      names.push(...page.data.map((a: Json) => a.name));
      if (!page.links.next) break;
      expect(page.links.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/accounts\?/);
      page = await json(await client(page.links.next));
    }
    expect(names).toEqual(['Acme Support', 'Globex Sales', 'Initech Care']);
    expect(page.meta).toMatchObject({ current_page: 3, from: 3, to: 3 });
    expect(page.links.next).toBeNull();
    expect(page.links.prev).toBe(`${server.url}/api/v1/accounts?show=1&sort=name&page=2`);
  });

  test('records carry id, name and timestamps; default page size is 15', async () => {
    const client = await signIn('admin@example.com');
    const body = await json(await client('/api/v1/accounts'));
    expect(body.meta.per_page).toBe(15);
    expect(body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), description: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) });
  });

  test('sort descending, search, filter and the account filter narrow the list', async () => {
    const client = await signIn('admin@example.com');
    const names = async (query: string) => (await json(await client(`/api/v1/accounts?${query}`))).data.map((a: Json) => a.name);
    expect(await names('sort=-name')).toEqual(['Initech Care', 'Globex Sales', 'Acme Support']);
    expect(await names('search=glob')).toEqual(['Globex Sales']);
    expect(await names('search=100%25')).toEqual([]);
    expect(await names(`filter[name]=${encodeURIComponent('Initech Care')}`)).toEqual(['Initech Care']);
    const acme = (await json(await client('/api/v1/accounts?search=acme'))).data[0];
    expect(await names(`account_id=${acme.id}`)).toEqual(['Acme Support']);
  });

  test('unknown sort and filter names are a 422 naming the allowed ones', async () => {
    const client = await signIn('admin@example.com');
    const badSort = await client('/api/v1/accounts?sort=password');
    expect(badSort.status).toBe(422);
    expect((await json(badSort)).errors.sort[0]).toMatch(/^The selected sort is invalid\./);
    const badFilter = await client('/api/v1/accounts?filter[secret]=1');
    expect(badFilter.status).toBe(422);
    expect(Object.keys((await json(badFilter)).errors)).toEqual(['filter.secret']);
  });

  test('a page past the end is empty with from/to null; show is capped at 100', async () => {
    const client = await signIn('admin@example.com');
    const past = await json(await client('/api/v1/accounts?page=9'));
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 1 });
    expect((await json(await client('/api/v1/accounts?show=5000'))).meta.per_page).toBe(100);
  });

  test('the viewer (level 1) sees only their own account, whatever the filter asks', async () => {
    const client = await signIn('viewer@example.com');
    const body = await json(await client('/api/v1/accounts'));
    expect(body.data.map((a: Json) => a.name)).toEqual(['Globex Sales']);
    expect(body.meta.total).toBe(1);
    const me = (await json(await client('/api/v1/users/auth'))).data;
    expect(body.data[0].id).toBe(me.account_id);
    const other = await json(await client(`/api/v1/accounts?account_id=${me.account_id + 1}`));
    expect(other.data).toEqual([]);
    expect((await client(`/api/v1/accounts/${me.account_id}`)).status).toBe(200);
    expect((await client(`/api/v1/accounts/${me.account_id + 1}`)).status).toBe(404);
  });

  test('a user without Accounts.browse gets 403 This action is unauthorized.', async () => {
    const client = await signIn('bots@example.com');
    const response = await client('/api/v1/accounts');
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ message: 'This action is unauthorized.' });
  });

  test('GET /api/v1/accounts/{id} wraps the record in data; unknown ids are 404', async () => {
    const client = await signIn('admin@example.com');
    const list = await json(await client('/api/v1/accounts'));
    const one = await json(await client(`/api/v1/accounts/${list.data[0].id}`));
    expect(one).toEqual({ data: list.data[0] });
    expect((await client('/api/v1/accounts/99999')).status).toBe(404);
    expect((await client('/api/v1/accounts/abc')).status).toBe(404);
  });
});

describe('headers, errors and the portal host', () => {
  test('security headers are on API responses, errors and the CSRF endpoint', async () => {
    for (const url of ['/sanctum/csrf-cookie', '/api/v1/users/auth', '/api/nope', '/config.json']) {
      const response = await fetch(`${server.url}${url}`);
      expect(spaced(response.headers.get('content-security-policy'))).toBe(CSP(server.url));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  test('unknown /api paths are JSON 404 for signed-in users, even when HTML is accepted', async () => {
    const client = await signIn('admin@example.com');
    for (const url of ['/api/v1/nope', '/api/nope']) {
      const response = await client(url, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ message: 'Not Found.' });
    }
  });

  test('malformed JSON is a 400 with a message, not a stack trace', async () => {
    const client = jarFetch(server.url);
    await client('/sanctum/csrf-cookie');
    const response = await client('/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, json: undefined });
    // (no body at all counts as missing fields)
    expect(response.status).toBe(422);
    const broken = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: client.jar.header(), 'X-XSRF-TOKEN': client.jar.decoded('XSRF-TOKEN')! },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect(Object.keys(await json(broken))).toEqual(['message']);
  });

  test('unexpected errors become 500 {message: "Server Error"} without details', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret internals');
    });
    app.use(errorHandler());
    const httpServer = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => httpServer.once('listening', resolve));
    const { port } = httpServer.address() as { port: number };
    const originalError = console.error;
    console.error = () => {};
    try {
      const response = await fetch(`http://127.0.0.1:${port}/boom`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('{"message":"Server Error"}');
    } finally {
      console.error = originalError;
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    }
  });

  test('GET /config.json serves the runtime config merged over the defaults', async () => {
    const defaults = await json(await fetch(`${server.url}/config.json`));
    expect(defaults).toEqual({ apiOrigin: '', chatUrl: '', inspector: false });
    const custom = await startTestServer({ publicConfig: { inspector: true, sentryDsn: 'https://key@o1.ingest.sentry.io/2' } });
    try {
      const response = await fetch(`${custom.url}/config.json`);
      expect(await json(response)).toEqual({ apiOrigin: '', chatUrl: '', inspector: true, sentryDsn: 'https://key@o1.ingest.sentry.io/2' });
      // The configured Sentry origin must be reachable under the CSP.
      expect(spaced(response.headers.get('content-security-policy'))).toContain(`connect-src 'self' https://o1.ingest.sentry.io ${custom.url.replace(/^http/, 'ws')};`);
    } finally {
      await custom.close();
    }
  });

  test('the built portal is served with SPA fallback; API paths never get HTML', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const withDist = await startTestServer({ distDir: dist });
    try {
      const page = await fetch(`${withDist.url}/bots/12/edit`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Portal</title>');
      expect(spaced(page.headers.get('content-security-policy'))).toBe(CSP(withDist.url));
      const asset = await fetch(`${withDist.url}/assets/app-abc123.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      // Page paths get the portal whatever the Accept header: curl's */*, none at all, JSON.
      for (const accept of ['*/*', '', 'application/json, text/plain, */*']) {
        for (const pagePath of ['/', '/login', '/bots/12/edit', '/email-verification']) {
          const response = await fetch(`${withDist.url}${pagePath}`, { headers: accept ? { Accept: accept } : {} });
          expect(response.status, `${pagePath} with Accept "${accept}"`).toBe(200);
          expect(await response.text()).toContain('<title>Portal</title>');
        }
      }
      expect((await fetch(`${withDist.url}/`, { method: 'HEAD' })).status).toBe(200);
      // API paths and missing files never get the portal.
      for (const apiPath of ['/api/v1/nothing', '/user/nothing', '/email/nothing', '/sanctum/nothing']) {
        const api = await fetch(`${withDist.url}${apiPath}`, { headers: { Accept: 'text/html' } });
        expect([401, 404], apiPath).toContain(api.status);
        expect(api.headers.get('content-type'), apiPath).toContain('application/json');
      }
      expect((await fetch(`${withDist.url}/assets/app-old999.js`)).status).toBe(404);
      expect((await fetch(`${withDist.url}/favicon.png`, { headers: { Accept: '*/*' } })).status).toBe(404);
    } finally {
      await withDist.close();
    }

    fs.rmSync(path.join(dist, 'index.html'));
    const unbuilt = await startTestServer({ distDir: dist });
    try {
      const page = await fetch(`${unbuilt.url}/dashboard`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('npm run build');
    } finally {
      await unbuilt.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
