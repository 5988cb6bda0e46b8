import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAuthApi } from '../../src/api/auth';
import { readList, readRecord } from '../../src/api/envelope';
import { globalTotalsSchema } from '../../src/api/globalTotals';
import { accountSchema } from '../../src/api/schemas/account';
import { permissionsSchema } from '../../src/api/schemas/permissions';
import { userSchema } from '../../src/api/schemas/user';
import { can } from '../../src/machines/permissions';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

let server: TestServer;
beforeAll(async () => {
  // The dev-sso stand-in is off by default; the token exchange tests use it.
  server = await startTestServer({ devSso: true });
});
afterAll(async () => {
  await server.close();
});

/** The reference API's real responses, parsed by the portal's own schemas (DESIGN §6 "contract"). */
describe('the portal’s schemas accept the reference API', () => {
  test('users/auth → the user record', async () => {
    const client = await signedInClient(server.url, 'admin@example.com');
    const user = readRecord(userSchema, await (await client('/api/v1/users/auth')).json());
    expect(user).toMatchObject({ email: 'admin@example.com', isAdmin: true, theme_color: '#4f46e5' });
    expect(typeof user.id).toBe('string');
  });

  test.each([
    ['admin@example.com', 'Users', 'delete', 9, true],
    ['bots@example.com', 'Bots', 'add', undefined, true],
    ['bots@example.com', 'Users', 'browse', undefined, false],
    ['viewer@example.com', 'Bots', 'read', undefined, true],
    ['viewer@example.com', 'Bots', 'edit', undefined, false],
    ['viewer@example.com', 'Bots', 'read', 9, false],
  ] as const)('permissions of %s: can %s.%s (level %s) = %s', async (email, model, action, level, expected) => {
    const client = await signedInClient(server.url, email);
    const perms = readRecord(permissionsSchema, await (await client('/api/v1/user/permissions')).json());
    expect(can(perms as never, model, action, level)).toBe(expected);
  });

  test('accounts list: envelope, and the next link is followed as given', async () => {
    const client = await signedInClient(server.url, 'admin@example.com');
    const first = readList(accountSchema, await (await client('/api/v1/accounts?show=2')).json());
    expect(first.data).toHaveLength(2);
    expect(first.meta.total).toBeGreaterThanOrEqual(3);
    expect(first.links.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/accounts\?/);
    const second = readList(accountSchema, await (await client(first.links.next!)).json());
    expect(second.meta.current_page).toBe(2);
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
  });

  test('global totals', async () => {
    const client = await signedInClient(server.url, 'viewer@example.com');
    const totals = readRecord(globalTotalsSchema, await (await client('/api/v1/reporting/global')).json());
    expect(totals.conversations).toBeGreaterThan(0);
    expect(typeof totals.cost).toBe('number');
  });

  test('the SSO token exchange answers a token the auth API reads', async () => {
    const { createHttp } = await import('../../src/api/http');
    const { parseRuntimeConfig } = await import('../../src/config');
    const api = createAuthApi(createHttp(parseRuntimeConfig({ apiOrigin: server.url })));
    await expect(api.exchangeIdentityToken({ idToken: 'dev-sso:admin@example.com', accessToken: 'at', deviceName: 'test' })).resolves.toEqual({ token: expect.stringMatching(/^\d+\|/) });
    await expect(api.exchangeIdentityToken({ idToken: 'dev-sso:nobody@example.com', accessToken: 'at', deviceName: 'test' })).rejects.toMatchObject({ status: 401 });
  });
});
