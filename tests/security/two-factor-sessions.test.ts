import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAccessToken } from '../../server/auth/accessTokens';
import { twoFactorState } from '../../server/auth/twoFactor';
import { findUserByEmail } from '../../server/auth/users';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';
import { json, signedIn } from './support';

/**
 * Issue 27 item 7 (two-factor lows): a pending challenge dies with a password change, and
 * turning two-factor on or off ends the user's other sessions and tokens.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const code = (secret: string, steps = 0) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
const secretOf = (email: string) => twoFactorState(server.server.db, findUserByEmail(server.server.db, email)!.id)!.secret!;

/** A Sanctum token of the user, as an API client holds one (fixture: made in the database). */
async function tokenOf(email: string): Promise<string> {
  return createAccessToken(server.server.db, findUserByEmail(server.server.db, email)!.id, 'api-client');
}

async function tokenWorks(token: string): Promise<boolean> {
  return (await fetch(`${server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })).status === 200;
}

async function sessionWorks(client: ReturnType<typeof jarFetch>): Promise<boolean> {
  return (await client('/api/v1/users/auth')).status === 200;
}

describe('a pending two-factor challenge dies with a password change', () => {
  test('the password step passed with the old password cannot be finished after the change', async () => {
    // The owner is signed in (password + code).
    const owner = jarFetch(server.url);
    await owner('/sanctum/csrf-cookie');
    await owner('/login', { method: 'POST', json: { email: '2fa@example.com', password: 'password' } });
    expect((await owner('/two-factor-challenge', { method: 'POST', json: { code: code(secretOf('2fa@example.com')) } })).status).toBe(204);

    // Someone who learnt the old password passes the password step; the code comes later.
    const attacker = jarFetch(server.url);
    await attacker('/sanctum/csrf-cookie');
    expect(await json(await attacker('/login', { method: 'POST', json: { email: '2fa@example.com', password: 'password' } }))).toEqual({ two_factor: true });

    // The owner changes the password before that.
    const changed = await owner('/user/password', { method: 'PUT', json: { current_password: 'password', password: 'a-fresh-long-secret', password_confirmation: 'a-fresh-long-secret' } });
    expect(changed.status).toBe(200);

    const late = await attacker('/two-factor-challenge', { method: 'POST', json: { code: code(secretOf('2fa@example.com'), 1) } });
    expect(late.status).toBe(422);
    expect(await sessionWorks(attacker)).toBe(false);
  });
});

describe("turning two-factor on or off ends the user's other sessions and tokens", () => {
  test('on (confirmed) and off: the browser that did it stays, every other session and token is signed out', async () => {
    const here = await signedIn(server.url, 'viewer@example.com');
    expect((await here('/user/confirm-password', { method: 'POST', json: { password: 'password' } })).status).toBe(201);

    let elsewhere = await signedIn(server.url, 'viewer@example.com');
    let token = await tokenOf('viewer@example.com');
    expect([await sessionWorks(elsewhere), await tokenWorks(token)]).toEqual([true, true]);
    await here('/user/two-factor-authentication', { method: 'POST', json: {} });
    const { secretKey } = await json(await here('/user/two-factor-secret-key'));
    expect((await here('/user/confirmed-two-factor-authentication', { method: 'POST', json: { code: code(secretKey) } })).status).toBe(200);
    expect([await sessionWorks(here), await sessionWorks(elsewhere), await tokenWorks(token)]).toEqual([true, false, false]);

    elsewhere = jarFetch(server.url);
    await elsewhere('/sanctum/csrf-cookie');
    await elsewhere('/login', { method: 'POST', json: { email: 'viewer@example.com', password: 'password' } });
    expect((await elsewhere('/two-factor-challenge', { method: 'POST', json: { code: code(secretKey, 1) } })).status).toBe(204);
    token = await tokenOf('viewer@example.com');
    expect([await sessionWorks(elsewhere), await tokenWorks(token)]).toEqual([true, true]);
    expect((await here('/user/two-factor-authentication', { method: 'DELETE', json: {} })).status).toBe(200);
    expect([await sessionWorks(here), await sessionWorks(elsewhere), await tokenWorks(token)]).toEqual([true, false, false]);
  });
});
