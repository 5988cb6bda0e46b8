import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { runCodeFlow } from '../support/oidcCodeFlow';
import { json } from './account-support';

const CLIENT_ID = 'agent-portal';
const KID = 'test-signing-key';

let server: TestServer;
let issuer: string;
/** The provider's own signing key: the test holds it, so it can mint tokens the provider could have. */
let providerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  providerKey = pair.privateKey;
  const signingKey: JWK = { ...(await exportJWK(pair.privateKey)), kid: KID };
  server = await startTestServer({ localOidc: { signingKey }, devSso: false });
  issuer = `${server.url}/oidc`;
});
afterAll(async () => {
  await server.close();
});

function exchange(identityToken: string, accessToken = 'provider-access-token') {
  return fetch(`${server.url}/api/v1/auth/token/ad`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${identityToken}`, AccessToken: accessToken, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ device_name: 'agent-portal' }),
  });
}

function signIn(email: string, extra: { cancel?: boolean; password?: string } = {}) {
  return runCodeFlow({ issuer, clientId: CLIENT_ID, redirectUri: `${server.url}/login`, email, password: extra.password ?? 'password', cancel: extra.cancel });
}

/** An identity token as the provider would sign it, with `claims` changed. */
function mint(claims: Record<string, unknown>, key: CryptoKey = providerKey, kid = KID) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'sso@example.com', email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(String(claims.iss ?? issuer))
    .setAudience((claims.aud as string) ?? CLIENT_ID)
    .setSubject('local-idp-0001')
    .setIssuedAt(now - 60)
    .setExpirationTime((claims.exp as number) ?? now + 600)
    .sign(key);
}

describe('the local OpenID provider (npm start enables it)', () => {
  test("config.json names it as sso.authority, and {authority}/.well-known/openid-configuration resolves", async () => {
    const config = await json(await fetch(`${server.url}/config.json`));
    expect(config.sso).toEqual({ authority: issuer, clientId: CLIENT_ID, scopes: 'openid profile email' });
    const discovery = await json(await fetch(`${config.sso.authority}/.well-known/openid-configuration`));
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/session/end`);
    const jwks = await json(await fetch(discovery.jwks_uri));
    expect(jwks.keys.map((k: JWK) => k.kid)).toEqual([KID]);
    expect(jwks.keys[0].d).toBeUndefined();
  });

  test('its sign-in page refuses a wrong password with a message, and Cancel returns access_denied to the portal', async () => {
    await expect(signIn('sso@example.com', { password: 'wrong' })).rejects.toThrow(/did not redirect back \(status 200: [\s\S]*Wrong email or password/);
    const cancelled = await signIn('sso@example.com', { cancel: true });
    expect(cancelled.callback.pathname).toBe('/login');
    expect(cancelled.callback.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.callback.searchParams.get('state')).toBe(cancelled.state);
    expect(cancelled.tokens).toBeUndefined();
  });
});

describe('POST /api/v1/auth/token/ad verifies the identity token against the provider', () => {
  test('a real identity token from the code flow (PKCE) is exchanged for a portal token of the mapped user', async () => {
    const { tokens, callback, state } = await signIn('sso@example.com');
    expect(callback.searchParams.get('state')).toBe(state);
    const response = await exchange(tokens!.id_token, tokens!.access_token);
    expect(response.status).toBe(200);
    const { token } = await json(response);
    const me = await fetch(`${server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    expect((await json(me)).data.email).toBe('sso@example.com');
  });

  test('an identity the portal does not know gets 401 with a message', async () => {
    const { tokens } = await signIn('stranger@example.com');
    const response = await exchange(tokens!.id_token, tokens!.access_token);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'No portal user matches this identity.' });
  });

  test('a token minted with the provider key and the right claims is accepted (the control for the cases below)', async () => {
    expect((await exchange(await mint({}))).status).toBe(200);
  });

  test.each([
    ['forged (signed by another key under the same kid)', async () => mint({}, (await generateKeyPair('RS256')).privateKey), "The identity token's signature does not match the identity provider's keys."],
    ['expired', () => mint({ exp: Math.floor(Date.now() / 1000) - 3600 }), 'The identity token has expired.'],
    ['for another audience', () => mint({ aud: 'some-other-app' }), 'The identity token was not issued for this portal.'],
    ['from another issuer', () => mint({ iss: 'https://evil.example.com' }), 'The identity token was not issued by the trusted identity provider.'],
    ['unsigned (alg none)', async () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: issuer, aud: CLIENT_ID, sub: 'local-idp-0001', exp: 9e9 })).toString('base64url')}.`, 'The identity token is not a valid signed token.'],
    ['not a token at all', async () => 'not-a-jwt', 'The identity token is not a valid signed token.'],
  ])('a token %s is refused with 401 and says why', async (_name, token, message) => {
    const response = await exchange(await token());
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message });
  });

  test('a missing AccessToken header is 401 even with a good identity token', async () => {
    expect((await exchange(await mint({}), '')).status).toBe(401);
  });
});
