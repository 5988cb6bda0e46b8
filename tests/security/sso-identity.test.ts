import { TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { twoFactorState } from '../../server/auth/twoFactor';
import { findUserByEmail } from '../../server/auth/users';
import { jarFetch } from '../support/cookieJar';
import { runCodeFlow } from '../support/oidcCodeFlow';
import { CLIENT_ID, startIdentityProviderForSuite } from '../support/testIdentityProvider';
import { json } from './support';

/**
 * Issue 27 items 1 and 4: the SSO exchange (POST /api/v1/auth/token/ad) links only verified,
 * stable identities, takes each identity token once, refuses what is not an identity token for
 * this portal, asks a two-factor user for the second factor, and answers tokens that expire.
 */

const NO_LINKED_USER = 'No portal user matches this identity.';

const provider = startIdentityProviderForSuite('sso-identity-key');
const mint = (claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) => provider.mint(claims, { header });

/** The exchange as the portal calls it, from a fresh client unless one is given. */
function exchange(identityToken: string, client = jarFetch(provider.server.url)) {
  return client('/api/v1/auth/token/ad', {
    method: 'POST',
    headers: { Authorization: `Bearer ${identityToken}`, AccessToken: 'provider-access-token' },
    json: { device_name: 'agent-portal' },
  });
}

async function refusal(identityToken: string): Promise<string> {
  const response = await exchange(identityToken);
  expect(response.status).toBe(401);
  return (await json(response)).message as string;
}

async function emailOf(token: string): Promise<string> {
  const me = await fetch(`${provider.server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  return me.status === 200 ? ((await json(me)).data.email as string) : `HTTP ${me.status}`;
}

function linkedUser(subject: string): number | undefined {
  return (provider.server.server.db.prepare('SELECT user_id FROM sso_identities WHERE subject = ?').get(subject) as { user_id: number } | undefined)?.user_id;
}

describe('portal tokens from the exchange expire (item 1)', () => {
  test("the token carries Sanctum's expires_at a working day ahead, and is refused once it has passed", async () => {
    const response = await exchange(await mint());
    expect(response.status).toBe(200);
    const { token } = await json(response);
    expect(await emailOf(token)).toBe('sso@example.com');
    const id = Number(String(token).split('|')[0]);
    const row = provider.server.server.db.prepare('SELECT expires_at FROM personal_access_tokens WHERE id = ?').get(id) as { expires_at: string | null };
    const hours = (Date.parse(row.expires_at ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    provider.server.server.db.prepare('UPDATE personal_access_tokens SET expires_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), id);
    expect(await emailOf(token)).toBe('HTTP 401');
  });
});

describe('the exchange takes only identity tokens meant for this portal, once (item 4)', () => {
  test('a replayed identity token is refused', async () => {
    const token = await mint();
    expect((await exchange(token)).status).toBe(200);
    expect(await refusal(token)).toBe('This identity token has already been used; sign in with the identity provider again.');
  });

  test.each([
    ['typ at+jwt (RFC 9068)', {}, { typ: 'at+jwt' }],
    ['OAuth scopes (scp)', { scp: 'User.Read' }, {}],
    ['OAuth scopes (scope)', { scope: 'openid email' }, {}],
    ["Keycloak's typ Bearer", { typ: 'Bearer' }, {}],
  ])('an access token (%s) is refused', async (_name, claims, header) => {
    expect(await refusal(await mint(claims, header))).toBe('An access token is not an identity token.');
  });

  test('several audiences need azp = this portal; an azp of another client is refused', async () => {
    expect(await refusal(await mint({ aud: [CLIENT_ID, 'other-api'] }))).toMatch(/several audiences/);
    expect(await refusal(await mint({ aud: [CLIENT_ID, 'other-api'], azp: 'other-api' }))).toMatch(/another client/);
    expect(await refusal(await mint({ azp: 'other-api' }))).toMatch(/another client/);
    expect((await exchange(await mint({ aud: [CLIENT_ID, 'other-api'], azp: CLIENT_ID }))).status).toBe(200);
  });
});

describe('only verified, stable identities are linked (item 4)', () => {
  test('a first sign-in links by email only when email_verified is literally true, never by preferred_username or upn', async () => {
    const viewer = findUserByEmail(provider.server.server.db, 'viewer@example.com')!;
    for (const claims of [
      { sub: 'idp-viewer', email: 'viewer@example.com', email_verified: undefined },
      { sub: 'idp-viewer', email: 'viewer@example.com', email_verified: 'true' },
      { sub: 'idp-viewer', email: 'viewer@example.com', email_verified: false },
      { sub: 'idp-viewer', email: undefined, email_verified: undefined, preferred_username: 'viewer@example.com' },
      { sub: 'idp-viewer', email: undefined, email_verified: true, upn: 'viewer@example.com' },
    ]) {
      expect(await refusal(await mint(claims)), JSON.stringify(claims)).toBe(NO_LINKED_USER);
      expect(linkedUser('idp-viewer')).toBeUndefined();
    }
    const linked = await exchange(await mint({ sub: 'idp-viewer', email: 'viewer@example.com', email_verified: true }));
    expect(linked.status).toBe(200);
    expect(linkedUser('idp-viewer')).toBe(viewer.id);

    // Linked: the subject decides from now on, whatever address the provider shows later.
    const renamed = await exchange(await mint({ sub: 'idp-viewer', email: 'admin@example.com', email_verified: true }));
    expect(await emailOf((await json(renamed)).token)).toBe('viewer@example.com');
  });

  test('an unverified portal account is never linked, even to a verified address', async () => {
    expect(await refusal(await mint({ sub: 'idp-unverified', email: 'unverified@example.com' }))).toBe(NO_LINKED_USER);
    expect(linkedUser('idp-unverified')).toBeUndefined();
  });
});

describe('a user with confirmed two-factor owes the second factor after SSO too (item 4)', () => {
  const secret = () => twoFactorState(provider.server.server.db, findUserByEmail(provider.server.server.db, '2fa@example.com')!.id)!.secret!;

  test('the exchange answers {two_factor: true} and no token; the challenge then completes the sign-in', async () => {
    const client = jarFetch(provider.server.url);
    await client('/sanctum/csrf-cookie');
    const response = await exchange(await mint({ sub: 'idp-2fa', email: '2fa@example.com' }), client);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ two_factor: true });
    expect((await client('/api/v1/users/auth')).status).toBe(401);
    const code = new TOTP({ secret: secret(), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    expect((await client('/two-factor-challenge', { method: 'POST', json: { code } })).status).toBe(204);
    expect((await json(await client('/api/v1/users/auth'))).data.email).toBe('2fa@example.com');
  });

  test("a provider that says it checked a second factor (amr: ['mfa']) gets the token directly", async () => {
    const response = await exchange(await mint({ sub: 'idp-2fa', email: '2fa@example.com', amr: ['pwd', 'mfa'] }));
    expect(await emailOf((await json(response)).token)).toBe('2fa@example.com');
  });
});

describe("the local provider's sign-in page is throttled like /login (item 7)", () => {
  test('after 5 wrong passwords for an address, even the right one waits (429 with Retry-After on the page)', async () => {
    const signIn = (password: string) =>
      runCodeFlow({ issuer: provider.issuer, clientId: CLIENT_ID, redirectUri: `${provider.server.url}/login`, email: 'stranger@example.com', password });
    for (let i = 0; i < 5; i++) await expect(signIn(`wrong-${i}`)).rejects.toThrow(/status 200: [\s\S]*Wrong email or password/);
    await expect(signIn('password')).rejects.toThrow(/status 429: [\s\S]*Too many attempts\. Please try again in \d+ seconds\./);
  });
});
