import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { userSchema } from '../../src/api/schemas/user';
import { accountSettingsSchema } from '../../src/api/account';
import { readListViews } from '../../src/api/schemas/savedViews';
import { readRecord } from '../../src/api/envelope';
import { signedInClient } from '../support/signedIn';
import { json, outboxMail } from './account-support';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const signIn = (email: string, password = 'password') => signedInClient(server.url, email, password);

describe('GET and POST /api/v1/user/settings', () => {
  test('defaults parse with the portal’s schema; a change is stored and the theme colour reaches the sign-in payload', async () => {
    const client = await signIn('viewer@example.com');
    const initial = readRecord(accountSettingsSchema, await json(await client('/api/v1/user/settings')));
    expect(initial).toEqual({ theme_color: '#0f766e', timezone: 'UTC', notifications: { product_updates: true, weekly_summary: false }, appearance: 'system', list_views: {} });

    const saved = await client('/api/v1/user/settings', {
      method: 'POST',
      json: { theme_color: '#BE123C', timezone: 'Europe/Paris', notifications: { weekly_summary: true } },
    });
    expect(saved.status).toBe(200);
    expect(readRecord(accountSettingsSchema, await json(saved))).toEqual({
      theme_color: '#be123c',
      timezone: 'Europe/Paris',
      notifications: { product_updates: true, weekly_summary: true },
      appearance: 'system',
      list_views: {},
    });
    // The next sign-in applies it: the user payload carries the stored colour.
    const again = await signIn('viewer@example.com');
    expect(readRecord(userSchema, await json(await again('/api/v1/users/auth'))).theme_color).toBe('#be123c');
  });

  test('issue 30: the theme and saved list views are kept (views replaced as a whole), read back by the portal’s readers, and survive a new sign-in', async () => {
    const client = await signIn('viewer@example.com');
    const views = { contacts: { views: [{ name: 'Open in Paris', query: { search: 'paris', 'filter[account_id]': '2', sort: '-updated_at' }, columns: ['name', 'email'] }], default: 'Open in Paris' } };
    const saved = await client('/api/v1/user/settings', { method: 'POST', json: { appearance: 'dark', list_views: views } });
    expect(saved.status).toBe(200);
    const again = await signIn('viewer@example.com');
    const read = readRecord(accountSettingsSchema, await json(await again('/api/v1/user/settings')));
    expect(read.appearance).toBe('dark');
    expect(readListViews(read.list_views)).toEqual(views);
    // Other keys leave them alone; a new list_views replaces the old.
    await again('/api/v1/user/settings', { method: 'POST', json: { timezone: 'Europe/Paris' } });
    await again('/api/v1/user/settings', { method: 'POST', json: { list_views: {} } });
    const last = readRecord(accountSettingsSchema, await json(await again('/api/v1/user/settings')));
    expect([last.appearance, last.list_views, last.timezone]).toEqual(['dark', {}, 'Europe/Paris']);
  });

  test('issue 30: an unknown theme or unbounded views are 422 per field', async () => {
    const client = await signIn('viewer@example.com');
    const response = await client('/api/v1/user/settings', {
      method: 'POST',
      json: { appearance: 'sepia', list_views: { contacts: { views: Array.from({ length: 31 }, (_, i) => ({ name: `v${i}`, query: {} })) } } },
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await json(response)).errors).sort()).toEqual(expect.arrayContaining(['appearance']));
    const big = await client('/api/v1/user/settings', { method: 'POST', json: { list_views: { contacts: { views: Array.from({ length: 31 }, (_, i) => ({ name: `v${i}`, query: {} })) } } } });
    expect(big.status).toBe(422);
  });

  test('invalid values are 422 per field', async () => {
    const client = await signIn('viewer@example.com');
    const response = await client('/api/v1/user/settings', { method: 'POST', json: { theme_color: 'red', timezone: 'Mars/Olympus' } });
    expect(response.status).toBe(422);
    const { errors } = await json(response);
    expect(errors.theme_color).toEqual(['The theme color field format is invalid.']);
    expect(errors.timezone).toEqual(['The selected timezone is invalid.']);
  });

  test('unverified users get SPEC §5’s 403, guests 401', async () => {
    const unverified = await signIn('unverified@example.com');
    expect((await unverified('/api/v1/user/settings')).status).toBe(403);
    expect((await fetch(`${server.url}/api/v1/user/settings`, { headers: { Accept: 'application/json' } })).status).toBe(401);
  });
});

describe('changing the email address', () => {
  test('POST /api/v1/user/change-email needs the password, unverifies and mails the new address', async () => {
    const client = await signIn('viewer@example.com');
    const wrong = await client('/api/v1/user/change-email', { method: 'POST', json: { email: 'vic@example.com', password: 'nope' } });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.password).toEqual(['The provided password does not match your current password.']);
    const taken = await client('/api/v1/user/change-email', { method: 'POST', json: { email: 'admin@example.com', password: 'password' } });
    expect((await json(taken)).errors.email).toEqual(['The email has already been taken.']);

    const ok = await client('/api/v1/user/change-email', { method: 'POST', json: { email: 'vic@example.com', password: 'password' } });
    expect(ok.status).toBe(200);
    expect(readRecord(userSchema, await json(ok))).toMatchObject({ email: 'vic@example.com', email_verified_at: null });
    expect((await client('/api/v1/users/auth')).status).toBe(403);
    const outbox = await outboxMail(server);
    expect(outbox.at(-1)).toMatchObject({ to: 'vic@example.com', subject: 'Verify Email Address' });
  });

  test('PUT /user/profile-information updates the name; a new email must be verified again', async () => {
    const client = await signIn('viewer@example.com');
    const sameEmail = await client('/user/profile-information', { method: 'PUT', json: { name: 'Victoria Viewer', email: 'viewer@example.com' } });
    expect(sameEmail.status).toBe(200);
    expect(readRecord(userSchema, await json(sameEmail))).toMatchObject({ name: 'Victoria Viewer', email_verified_at: expect.any(String) });
    const invalid = await client('/user/profile-information', { method: 'PUT', json: { name: '', email: 'x' } });
    expect(Object.keys((await json(invalid)).errors).sort()).toEqual(['email', 'name']);
    const newEmail = await client('/user/profile-information', { method: 'PUT', json: { name: 'Victoria Viewer', email: 'victoria@example.com', current_password: 'password' } });
    expect(readRecord(userSchema, await json(newEmail)).email_verified_at).toBeNull();
  });
});
