import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findUserByEmail } from '../../server/auth/users';
import { twoFactorState } from '../../server/auth/twoFactor';
import { startTestServer, type TestServer } from '../../server/testing';
import { jarFetch } from '../support/cookieJar';
import { guestClient, json } from './account-support';

const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Client = ReturnType<typeof jarFetch>;

/** What an authenticator shows for `secret`, `steps` periods from now (0 = the current code). */
function authenticatorCode(secret: string, steps = 0): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** The secret the server keeps for a user (what `npm start` prints for the demo user). */
function secretOf(email: string): string {
  const user = findUserByEmail(server.server.db, email);
  const secret = user && twoFactorState(server.server.db, user.id)?.secret;
  if (!secret) throw new Error(`${email} has no two-factor secret`);
  return secret;
}

async function passwordStep(email: string): Promise<{ client: Client; response: Response }> {
  const client = await guestClient(server.url);
  const response = await client('/login', { method: 'POST', json: { email, password: 'password' } });
  return { client, response };
}

async function signedIn(email: string): Promise<Client> {
  const { client, response } = await passwordStep(email);
  expect(await json(response)).toEqual({ two_factor: false });
  return client;
}

/** Fortify's password.confirm: the management routes answer 423 until this. */
async function confirmedPassword(client: Client): Promise<Client> {
  expect((await client('/user/confirm-password', { method: 'POST', json: { password: 'password' } })).status).toBe(201);
  return client;
}

async function whoAmI(client: Client): Promise<number> {
  return (await client('/api/v1/users/auth')).status;
}

describe('POST /login for a user with two-factor on (2fa@example.com)', () => {
  test('answers {two_factor: true}, opens no session and keeps the pending sign-in in an HttpOnly cookie', async () => {
    const { client, response } = await passwordStep('2fa@example.com');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ two_factor: true });
    expect(client.jar.get('portal_session')).toBeUndefined();
    expect(client.jar.get('two_factor_challenge')?.attributes.has('httponly')).toBe(true);
    expect(await whoAmI(client)).toBe(401);
  });

  test('a wrong code gets Fortify 422 on `code` and still no session', async () => {
    const { client } = await passwordStep('2fa@example.com');
    const response = await client('/two-factor-challenge', { method: 'POST', json: { code: '000000' } });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } });
    expect(await whoAmI(client)).toBe(401);
  });

  test('the authenticator code completes the sign-in (204); the same code cannot be replayed', async () => {
    const code = authenticatorCode(secretOf('2fa@example.com'));
    const { client } = await passwordStep('2fa@example.com');
    const response = await client('/two-factor-challenge', { method: 'POST', json: { code } });
    expect(response.status).toBe(204);
    expect(client.jar.get('portal_session')).toBeDefined();
    expect(client.jar.get('two_factor_challenge')).toBeUndefined();
    const me = await client('/api/v1/users/auth');
    expect((await json(me)).data.email).toBe('2fa@example.com');

    const again = await passwordStep('2fa@example.com');
    const replay = await again.client('/two-factor-challenge', { method: 'POST', json: { code } });
    expect(replay.status).toBe(422);
    expect(await whoAmI(again.client)).toBe(401);
  });

  test('a recovery code signs in once and is replaced; reusing it gets 422 on `recovery_code`', async () => {
    const user = findUserByEmail(server.server.db, '2fa@example.com')!;
    const [recovery] = twoFactorState(server.server.db, user.id)!.recoveryCodes;
    const first = await passwordStep('2fa@example.com');
    expect((await first.client('/two-factor-challenge', { method: 'POST', json: { recovery_code: recovery } })).status).toBe(204);
    const codes = (await json(await (await confirmedPassword(first.client))('/user/two-factor-recovery-codes'))) as unknown as string[];
    expect(codes).toHaveLength(8);
    expect(codes).not.toContain(recovery);

    const second = await passwordStep('2fa@example.com');
    const reuse = await second.client('/two-factor-challenge', { method: 'POST', json: { recovery_code: recovery } });
    expect(reuse.status).toBe(422);
    expect(await json(reuse)).toEqual({ message: INVALID_RECOVERY_CODE, errors: { recovery_code: [INVALID_RECOVERY_CODE] } });
  });

  test('without a pending password step the challenge is refused like a wrong code', async () => {
    const client = await guestClient(server.url);
    const response = await client('/two-factor-challenge', { method: 'POST', json: { code: authenticatorCode(secretOf('2fa@example.com')) } });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual({ code: [INVALID_CODE] });
    expect(await whoAmI(client)).toBe(401);
  });
});

describe("Fortify's two-factor management routes (/user/…)", () => {
  test('guests get 401 on every management route', async () => {
    const client = await guestClient(server.url);
    for (const [method, path] of [
      ['POST', '/user/two-factor-authentication'],
      ['DELETE', '/user/two-factor-authentication'],
      ['GET', '/user/two-factor-qr-code'],
      ['GET', '/user/two-factor-secret-key'],
      ['POST', '/user/confirmed-two-factor-authentication'],
      ['GET', '/user/two-factor-recovery-codes'],
      ['POST', '/user/two-factor-recovery-codes'],
    ] as const) {
      expect((await client(path, { method, json: method === 'GET' ? undefined : {} })).status, `${method} ${path}`).toBe(401);
    }
  });

  test('enable → QR code and secret → confirm → the next sign-in asks for a code; regenerate; disable', async () => {
    const client = await confirmedPassword(await signedIn('viewer@example.com'));
    expect(await json(await client('/user/two-factor-qr-code'))).toEqual([]);
    expect((await client('/user/two-factor-secret-key')).status).toBe(404);

    const enable = await client('/user/two-factor-authentication', { method: 'POST', json: {} });
    expect(enable.status).toBe(200);
    expect(await enable.json()).toBe('');

    const qr = await json(await client('/user/two-factor-qr-code'));
    expect(qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const { secretKey } = await json(await client('/user/two-factor-secret-key'));
    expect(qr.url).toBe(
      `otpauth://totp/Agent%20Portal:viewer%40example.com?issuer=Agent%20Portal&secret=${secretKey}&algorithm=SHA1&digits=6&period=30`,
    );
    const codes = (await json(await client('/user/two-factor-recovery-codes'))) as unknown as string[];
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);

    // Enabled but not confirmed: the password alone still signs in (Fortify's confirm option).
    expect(await json((await passwordStep('viewer@example.com')).response)).toEqual({ two_factor: false });

    const wrong = await client('/user/confirmed-two-factor-authentication', { method: 'POST', json: { code: '123456' } });
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toEqual({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } });
    const confirm = await client('/user/confirmed-two-factor-authentication', { method: 'POST', json: { code: authenticatorCode(secretKey) } });
    expect(confirm.status).toBe(200);

    const challenged = await passwordStep('viewer@example.com');
    expect(await json(challenged.response)).toEqual({ two_factor: true });
    const next = await challenged.client('/two-factor-challenge', { method: 'POST', json: { code: authenticatorCode(secretKey, 1) } });
    expect(next.status).toBe(204);

    expect((await client('/user/two-factor-recovery-codes', { method: 'POST', json: {} })).status).toBe(200);
    const fresh = (await json(await client('/user/two-factor-recovery-codes'))) as unknown as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);

    expect((await client('/user/two-factor-authentication', { method: 'DELETE', json: {} })).status).toBe(200);
    expect(await json(await client('/user/two-factor-qr-code'))).toEqual([]);
    expect(await json(await client('/user/two-factor-recovery-codes'))).toEqual([]);
    expect(await json((await passwordStep('viewer@example.com')).response)).toEqual({ two_factor: false });
  });

  test('the challenge is throttled: after 5 wrong codes the pending sign-in waits (429)', async () => {
    const client = await confirmedPassword(await signedIn('bots@example.com'));
    await client('/user/two-factor-authentication', { method: 'POST', json: {} });
    const { secretKey } = await json(await client('/user/two-factor-secret-key'));
    await client('/user/confirmed-two-factor-authentication', { method: 'POST', json: { code: authenticatorCode(secretKey) } });

    const { client: guest } = await passwordStep('bots@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await guest('/two-factor-challenge', { method: 'POST', json: { code: '000000' } })).status).toBe(422);
    }
    const blocked = await guest('/two-factor-challenge', { method: 'POST', json: { code: authenticatorCode(secretKey, 1) } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
