import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';
import { json, rawRequest, signedIn } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('finding 9: security headers', () => {
  test('CSP names the gateway origin instead of any ws:/wss: host; COOP is same-origin', async () => {
    const response = await fetch(`${server.url}/config.json`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    expect(connect).toContain(`ws://${new URL(server.url).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  test('COOP by browser: noopener-allow-popups for Chromium 129+, same-origin for others', async () => {
    const chromium = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0';
    for (const path of ['/config.json', '/api/v1/users/auth']) {
      expect((await fetch(`${server.url}${path}`, { headers: { 'User-Agent': chromium } })).headers.get('cross-origin-opener-policy'), path).toBe('noopener-allow-popups');
      expect((await fetch(`${server.url}${path}`, { headers: { 'User-Agent': firefox } })).headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    }
  });

  test('a configured chat gateway is listed with its websocket origin', async () => {
    const custom = await startTestServer({ publicConfig: { chatUrl: 'https://chat.example.com/socket' } });
    try {
      const csp = (await fetch(`${custom.url}/config.json`)).headers.get('content-security-policy') ?? '';
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
      expect(connect).toEqual(expect.arrayContaining(['https://chat.example.com', 'wss://chat.example.com']));
      expect(connect).not.toContain('wss:');
    } finally {
      await custom.close();
    }
  });

  test('authenticated JSON is never cached', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    for (const path of ['/api/v1/users/auth', '/api/v1/users', '/api/v1/user/permissions']) {
      expect((await admin(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });

  test('recording audio is no-store like every other signed-in answer (issue 27 item 7)', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const recording = server.server.db
      .prepare('SELECT conversation_id AS id, uuid FROM conversation_recordings WHERE has_audio = 1 ORDER BY duration_seconds LIMIT 1')
      .get() as { id: number; uuid: string };
    const audio = await admin(`/api/v1/reporting/conversations/${recording.id}/recordings/${recording.uuid}/audio`, { headers: { Range: 'bytes=0-99' } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('cache-control')).toBe('no-store');
    await audio.arrayBuffer();
  }, 60_000);
});

describe('finding 9: secure defaults', () => {
  test('Secure does not follow a client-sent X-Forwarded-Proto; no __Host- prefix on plain http', async () => {
    const guest = jarFetch(server.url);
    await guest('/sanctum/csrf-cookie');
    const login = await rawRequest(server.url, '/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: guest.jar.header(),
        'x-xsrf-token': guest.jar.decoded('XSRF-TOKEN')!,
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ email: 'viewer@example.com', password: 'password' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  test('an https PORTAL_URL makes every cookie Secure and the session cookie __Host-', async () => {
    const secure = await startTestServer({ portalUrl: 'https://portal.example.com' });
    try {
      const guest = jarFetch(secure.url);
      const csrf = await guest('/sanctum/csrf-cookie');
      expect(csrf.headers.getSetCookie().join('\n')).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/i);
      const login = await guest('/login', { method: 'POST', json: { email: 'viewer@example.com', password: 'password' } });
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('__Host-portal_session='));
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*Path=\//i);
      expect(session).not.toMatch(/Domain=/i);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
      // The prefixed cookie is the one that signs the browser in.
      expect((await guest('/api/v1/users/auth')).status).toBe(200);
    } finally {
      await secure.close();
    }
  });

  test('the dev-sso stand-in is off unless asked for', async () => {
    const response = await fetch(`${server.url}/api/v1/auth/token/ad`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer dev-sso:admin@example.com', AccessToken: 'at' },
      body: JSON.stringify({ device_name: 'probe' }),
    });
    expect(response.status).not.toBe(200);
    expect(JSON.stringify(await json(response))).not.toMatch(/token"\s*:\s*"\d+\|/);
  });

  test('/config.json leaves the machine inspector off by default', async () => {
    expect((await json(await fetch(`${server.url}/config.json`))).inspector).toBe(false);
  });
});
