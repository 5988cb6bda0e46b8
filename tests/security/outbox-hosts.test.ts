import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
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

/** A guest's POST /forgot-password, sent raw so the Host and forwarding headers can be forged. */
async function forgotPassword(email: string, headers: Record<string, string>) {
  const guest = jarFetch(server.url);
  await guest('/sanctum/csrf-cookie');
  return rawRequest(server.url, '/forgot-password', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: guest.jar.header(),
      'x-xsrf-token': guest.jar.decoded('XSRF-TOKEN') ?? '',
      ...headers,
    },
    body: JSON.stringify({ email }),
  });
}

const host = () => new URL(server.url).host;

describe('finding 1: the outbox is never anonymous', () => {
  test('a guest reads no mail: the reset-a-password-then-read-the-link chain is closed', async () => {
    const guest = jarFetch(server.url);
    await guest('/sanctum/csrf-cookie');
    expect((await guest('/forgot-password', { method: 'POST', json: { email: 'admin@example.com' } })).status).toBe(200);
    for (const path of ['/dev/outbox.json', '/dev/outbox']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(401);
      expect(await response.text(), path).not.toContain('reset-password?token=');
    }
  });

  test('a signed-in user without level-9 Users edit is refused', async () => {
    for (const email of ['viewer@example.com', 'bots@example.com']) {
      const client = await signedIn(server.url, email);
      expect((await client('/dev/outbox.json')).status, email).toBe(403);
      expect((await client('/dev/outbox')).status, email).toBe(403);
    }
  });

  test('the administrator reads it, links included', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const response = await admin('/dev/outbox.json');
    expect(response.status).toBe(200);
    const mail = ((await json(response)).data as { to: string; links: string[] }[]).filter((m) => m.to === 'admin@example.com');
    expect(mail.at(-1)?.links[0]).toContain('/reset-password?token=');
    expect((await admin('/dev/outbox')).status).toBe(200);
  });
});

describe('finding 1: only configured hosts are served (DNS rebinding)', () => {
  test('a request naming another host is refused before any route runs', async () => {
    for (const forged of ['evil.example', `rebind.attacker.test:${new URL(server.url).port}`]) {
      const response = await rawRequest(server.url, '/dev/outbox.json', { headers: { host: forged } });
      expect(response.status, forged).toBe(421);
      const reset = await forgotPassword('admin@example.com', { host: forged });
      expect(reset.status, forged).toBe(421);
    }
  });

  test('the listen address and localhost are served', async () => {
    for (const allowed of [host(), `localhost:${new URL(server.url).port}`]) {
      expect((await rawRequest(server.url, '/config.json', { headers: { host: allowed } })).status, allowed).toBe(200);
    }
  });
});

describe('finding 8: mailed links come from the configured origin, never the request', () => {
  test('a forged port, scheme or forwarded host does not change the reset link', async () => {
    const before = server.server.outbox().length;
    const forged = await forgotPassword('viewer@example.com', {
      host: 'localhost:1',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forged.status).toBe(200);
    const mail = server.server.outbox().slice(before).filter((m) => m.to === 'viewer@example.com');
    expect(mail).toHaveLength(1);
    expect(new URL(mail[0]!.links[0]!).origin).toBe(server.url);
  });

  test('PORTAL_URL decides the links when it is configured', async () => {
    const configured = await startTestServer({ portalUrl: 'https://portal.example.com/' });
    try {
      const client = jarFetch(configured.url);
      await client('/sanctum/csrf-cookie');
      await client('/forgot-password', { method: 'POST', json: { email: 'viewer@example.com' } });
      expect(configured.server.outbox().at(-1)?.links[0]).toMatch(/^https:\/\/portal\.example\.com\/reset-password\?token=/);
      // Its host is accepted too (the portal's own origin behind a proxy).
      expect((await rawRequest(configured.url, '/config.json', { headers: { host: 'portal.example.com' } })).status).toBe(200);
    } finally {
      await configured.close();
    }
  });
});

describe('finding 1: links stay out of the request log', () => {
  test('following a verification link leaves neither its path nor its signature in the log', async () => {
    const logged = await startTestServer({ log: true });
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const client = jarFetch(logged.url);
      await client('/sanctum/csrf-cookie');
      const registered = await client('/register', {
        method: 'POST',
        json: { name: 'Lou Log', email: 'lou@example.com', password: 'a-long-unusual-passphrase', password_confirmation: 'a-long-unusual-passphrase' },
      });
      expect(registered.status).toBe(201);
      const link = new URL(logged.server.outbox().at(-1)!.links[0]!);
      const apiPath = link.searchParams.get('url')!;
      expect((await client(apiPath)).status).toBeLessThan(400);
      const signed = new URL(apiPath, logged.url);
      const hash = signed.pathname.split('/').at(-1)!;
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const log = lines.join('');
      expect(log).toContain('/api/v1/email/verify');
      expect(log).not.toContain(hash);
      expect(log).not.toContain(signed.searchParams.get('signature')!);
    } finally {
      write.mockRestore();
      await logged.close();
    }
  });
});
