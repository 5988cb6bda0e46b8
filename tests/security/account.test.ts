import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';
import { json, signedIn } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function guest() {
  const client = jarFetch(server.url);
  await client('/sanctum/csrf-cookie');
  return client;
}

const PASSWORD_RULE = 'The password is too common; choose a less predictable one.';

describe('finding 9: weak passwords are refused (min 8, not a common password)', () => {
  test.each(['password', '12345678', 'Password1', 'qwertyuiop'])('registering with “%s” → 422', async (weak) => {
    const client = await guest();
    const response = await client('/register', { method: 'POST', json: { name: 'Wes Weak', email: `weak-${weak}@example.com`, password: weak, password_confirmation: weak } });
    expect(response.status).toBe(422);
    expect((await json(response)).errors.password).toEqual([PASSWORD_RULE]);
  });

  test('an administrator creating a user, and a password change, follow the same rule', async () => {
    const admin = await signedIn(server.url, 'admin@example.com');
    const created = await admin('/api/v1/users', { method: 'POST', json: { name: 'Weak One', email: 'weak.one@example.com', password: '12345678', password_confirmation: '12345678', account_id: 1 } });
    expect(created.status).toBe(422);
    expect((await json(created)).errors.password).toEqual([PASSWORD_RULE]);
    const changed = await admin('/user/password', { method: 'PUT', json: { current_password: 'password', password: 'iloveyou', password_confirmation: 'iloveyou' } });
    expect(changed.status).toBe(422);
    expect((await json(changed)).errors.password).toEqual([PASSWORD_RULE]);
  });

  test('a long, uncommon password is accepted', async () => {
    const client = await guest();
    const response = await client('/register', { method: 'POST', json: { name: 'Sam Strong', email: 'strong@example.com', password: 'tangerine-orbit-42', password_confirmation: 'tangerine-orbit-42' } });
    expect(response.status).toBe(201);
  });
});

describe('finding 9: a password change ends the other sessions', () => {
  test('the session that changed it stays; another browser is signed out', async () => {
    const here = await signedIn(server.url, 'bots@example.com');
    const elsewhere = await signedIn(server.url, 'bots@example.com');
    expect((await elsewhere('/api/v1/users/auth')).status).toBe(200);
    const changed = await here('/user/password', { method: 'PUT', json: { current_password: 'password', password: 'granite-harbour-77', password_confirmation: 'granite-harbour-77' } });
    expect(changed.status).toBe(200);
    expect((await here('/api/v1/users/auth')).status).toBe(200);
    expect((await elsewhere('/api/v1/users/auth')).status).toBe(401);
  });
});

describe('finding 9: an email change needs the current password', () => {
  test('PUT /user/profile-information with a new email and no (or a wrong) current password → 422', async () => {
    const viewer = await signedIn(server.url, 'viewer@example.com');
    const missing = await viewer('/user/profile-information', { method: 'PUT', json: { name: 'Vic Viewer', email: 'attacker@example.com' } });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors.current_password).toEqual(['The current password field is required to change the email.']);
    const wrong = await viewer('/user/profile-information', { method: 'PUT', json: { name: 'Vic Viewer', email: 'attacker@example.com', current_password: 'nope' } });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.current_password).toEqual(['The provided password does not match your current password.']);
    // The name alone changes without it; with the right password the email changes too.
    expect((await viewer('/user/profile-information', { method: 'PUT', json: { name: 'Vic V.', email: 'viewer@example.com' } })).status).toBe(200);
    const right = await viewer('/user/profile-information', { method: 'PUT', json: { name: 'Vic V.', email: 'vic.new@example.com', current_password: 'password' } });
    expect(right.status).toBe(200);
    expect((await json(right)).data.email).toBe('vic.new@example.com');
  });
});
