import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';
import { json, rawRequest, signedIn } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Fixture: Staff (level 1, Users edit in Acme Support, where the administrator is) as a verified sign-in.
  server.server.db.prepare("UPDATE users SET email_verified_at = '2024-01-01T00:00:00.000Z' WHERE email = 'unverified@example.com'").run();
});
afterAll(async () => {
  await server.close();
});

/** POST /login with exactly this Cookie and X-XSRF-TOKEN (no jar logic). */
const loginWith = (cookie: string, header: string | undefined) =>
  fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie, ...(header === undefined ? {} : { 'x-xsrf-token': header }) },
    body: JSON.stringify({ email: 'viewer@example.com', password: 'password' }),
  });

describe('finding 9: the CSRF token is bound to the session', () => {
  test('an empty or attacker-chosen cookie/header pair is refused (419)', async () => {
    expect((await loginWith('XSRF-TOKEN=', '')).status).toBe(419);
    expect((await loginWith('XSRF-TOKEN=chosen-by-attacker', 'chosen-by-attacker')).status).toBe(419);
  });

  test('one session’s token does not work with another session', async () => {
    const viewer = await signedIn(server.url, 'viewer@example.com');
    const admin = await signedIn(server.url, 'admin@example.com');
    const viewerToken = viewer.jar.get('XSRF-TOKEN')!.value;
    const response = await fetch(`${server.url}/api/v1/user/settings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: `portal_session=${admin.jar.get('portal_session')!.value}; XSRF-TOKEN=${viewerToken}`,
        'x-xsrf-token': decodeURIComponent(viewerToken),
      },
      body: JSON.stringify({ timezone: 'Europe/Berlin' }),
    });
    expect(response.status).toBe(419);
    // The admin's own token still works.
    expect((await admin('/api/v1/user/settings', { method: 'POST', json: { timezone: 'Europe/Berlin' } })).status).toBe(200);
  });

  test('a guest token from /sanctum/csrf-cookie signs in as before', async () => {
    const guest = jarFetch(server.url);
    await guest('/sanctum/csrf-cookie');
    expect((await guest('/login', { method: 'POST', json: { email: 'viewer@example.com', password: 'password' } })).status).toBe(200);
  });
});

describe('finding 9: mail-sending GETs refuse cross-site requests and apply the manage check', () => {
  async function adminId(): Promise<number> {
    return (server.server.db.prepare("SELECT id FROM users WHERE email = 'admin@example.com'").get() as { id: number }).id;
  }

  test('a cross-site navigation to /users/{id}/password-reset-email is refused (403)', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const viewerId = (server.server.db.prepare("SELECT id FROM users WHERE email = 'viewer@example.com'").get() as { id: number }).id;
    const before = server.server.outbox().length;
    for (const path of [`/api/v1/users/${viewerId}/password-reset-email`, `/api/v1/users/${viewerId}/resend-email-verification`]) {
      const response = await rawRequest(server.url, path, { headers: { cookie: admin.jar.header(), 'sec-fetch-site': 'cross-site', accept: 'application/json' } });
      expect(response.status, path).toBe(403);
    }
    expect(server.server.outbox().length).toBe(before);
    const sameOrigin = await rawRequest(server.url, `/api/v1/users/${viewerId}/password-reset-email`, { headers: { cookie: admin.jar.header(), 'sec-fetch-site': 'same-origin', accept: 'application/json' } });
    expect(sameOrigin.status).toBe(200);
  });

  test('level-1 staff cannot mail the administrator a reset link (the PATCH rule applies)', async () => {
    const staff = await signedIn(server.url, 'unverified@example.com');
    const id = await adminId();
    expect((await staff(`/api/v1/users/${id}/password-reset-email`)).status).toBe(403);
    expect((await staff(`/api/v1/users/${id}/resend-email-verification`)).status).toBe(403);
    expect((await json(await staff(`/api/v1/users/${id}/password-reset-email`))).message).toBe('This action is unauthorized.');
  });
});
