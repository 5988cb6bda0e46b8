import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { guestClient, json, outboxMail } from './account-support';

// A server per test: password changes and throttles must not leak between tests.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const guest = () => guestClient(server.url);

async function signIn(email: string, password = 'password') {
  const client = await guest();
  const response = await client('/login', { method: 'POST', json: { email, password } });
  return { client, status: response.status };
}

/** Token and email from the newest reset mail to `to`. */
async function resetLink(to: string): Promise<{ token: string; email: string }> {
  const mail = (await outboxMail(server, to)).at(-1);
  expect(mail?.subject).toBe('Reset Password Notification');
  const link = new URL(mail!.links[0] as string);
  expect(link.pathname).toBe('/reset-password');
  return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
}

const newPassword = { password: 'brand-new-secret', password_confirmation: 'brand-new-secret' };

describe('POST /forgot-password', () => {
  test('mails a reset link and answers Fortify’s status; an unknown address gets the very same answer and no mail', async () => {
    const client = await guest();
    const known = await client('/forgot-password', { method: 'POST', json: { email: 'viewer@example.com' } });
    const unknown = await client('/forgot-password', { method: 'POST', json: { email: 'ghost@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual({ message: 'We have emailed your password reset link.' });
    expect(await json(unknown)).toEqual({ message: 'We have emailed your password reset link.' });
    const outbox = await outboxMail(server);
    expect(outbox.map((m) => m.to)).toEqual(['viewer@example.com']);
  });

  test('an invalid address is a 422 on email', async () => {
    const client = await guest();
    const response = await client('/forgot-password', { method: 'POST', json: { email: 'not-an-address' } });
    expect(response.status).toBe(422);
    expect((await json(response)).errors.email).toEqual(['The email field must be a valid email address.']);
  });

  test('more than 5 requests a minute for one address and IP: 429 with the wait in the message', async () => {
    const client = await guest();
    const ask = () => client('/forgot-password', { method: 'POST', json: { email: 'viewer@example.com' } });
    for (let i = 0; i < 5; i += 1) expect((await ask()).status).toBe(200);
    const blocked = await ask();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json(blocked)).message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});

describe('POST /reset-password', () => {
  test('the mailed token sets the new password, ends every session, and works only once', async () => {
    const { client: oldSession } = await signIn('viewer@example.com');
    expect((await oldSession('/api/v1/users/auth')).status).toBe(200);

    const client = await guest();
    await client('/forgot-password', { method: 'POST', json: { email: 'viewer@example.com' } });
    const { token, email } = await resetLink('viewer@example.com');
    const reset = await client('/reset-password', { method: 'POST', json: { token, email, ...newPassword } });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toEqual({ message: 'Your password has been reset.' });

    expect((await oldSession('/api/v1/users/auth')).status).toBe(401);
    expect((await signIn('viewer@example.com')).status).toBe(422);
    expect((await signIn('viewer@example.com', newPassword.password)).status).toBe(200);

    const again = await client('/reset-password', { method: 'POST', json: { token, email, password: 'yet-another-one', password_confirmation: 'yet-another-one' } });
    expect(again.status).toBe(422);
    expect((await json(again)).errors.email).toEqual(['This password reset token is invalid.']);
  });

  test('a token older than 60 minutes is refused', async () => {
    const client = await guest();
    await client('/forgot-password', { method: 'POST', json: { email: 'viewer@example.com' } });
    const { token, email } = await resetLink('viewer@example.com');
    server.server.db.prepare('UPDATE password_reset_tokens SET created_at = ?').run(new Date(Date.now() - 61 * 60_000).toISOString());
    const response = await client('/reset-password', { method: 'POST', json: { token, email, ...newPassword } });
    expect(response.status).toBe(422);
    expect((await json(response)).errors.email).toEqual(['This password reset token is invalid.']);
  });

  test('a wrong token, and field errors for a short or unconfirmed password', async () => {
    const client = await guest();
    await client('/forgot-password', { method: 'POST', json: { email: 'viewer@example.com' } });
    const { email } = await resetLink('viewer@example.com');
    const wrong = await client('/reset-password', { method: 'POST', json: { token: 'f'.repeat(64), email, ...newPassword } });
    expect((await json(wrong)).errors.email).toEqual(['This password reset token is invalid.']);
    const invalid = await client('/reset-password', { method: 'POST', json: { email, token: '', password: 'short', password_confirmation: 'shorter' } });
    const { errors } = await json(invalid);
    expect(errors.token).toEqual(['The token field is required.']);
    expect(errors.password).toEqual(['The password field must be at least 8 characters.', 'The password field confirmation does not match.']);
  });

  test('guessing tokens is throttled per address and IP (429)', async () => {
    const client = await guest();
    const guess = () => client('/reset-password', { method: 'POST', json: { token: 'a'.repeat(64), email: 'viewer@example.com', ...newPassword } });
    for (let i = 0; i < 5; i += 1) expect((await guess()).status).toBe(422);
    expect((await guess()).status).toBe(429);
  });
});

describe('changing the password while signed in', () => {
  test.each([
    ['PUT /user/password', 'PUT', '/user/password'],
    ['POST /api/v1/user/change-password', 'POST', '/api/v1/user/change-password'],
  ])('%s checks the current password, then changes it', async (_name, method, path) => {
    const { client } = await signIn('viewer@example.com');
    const wrong = await client(path, { method, json: { current_password: 'nope', ...newPassword } });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.current_password).toEqual(['The provided password does not match your current password.']);
    const ok = await client(path, { method, json: { current_password: 'password', ...newPassword } });
    expect(ok.status).toBe(200);
    expect((await signIn('viewer@example.com', newPassword.password)).status).toBe(200);
  });

  test('guests get 401', async () => {
    const client = await guest();
    expect((await client('/user/password', { method: 'PUT', json: {} })).status).toBe(401);
    expect((await client('/api/v1/user/change-password', { method: 'POST', json: {} })).status).toBe(401);
  });
});
