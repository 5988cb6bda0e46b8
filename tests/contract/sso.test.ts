import { generateKeyPair, type JWK } from 'jose';
import { describe, expect, test } from 'vitest';
import { runCodeFlow } from '../support/oidcCodeFlow';
import { CLIENT_ID, startIdentityProviderForSuite } from '../support/testIdentityProvider';
import { json } from './account-support';

/** The provider's own signing key: the test holds it, so it can mint tokens the provider could have. */
const provider = startIdentityProviderForSuite('test-signing-key');
const { mint } = provider;

function exchange(identityToken: string, accessToken = 'provider-access-token') {
  return fetch(`${provider.server.url}/api/v1/auth/token/ad`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${identityToken}`, AccessToken: accessToken, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ device_name: 'agent-portal' }),
  });
}

function signIn(email: string, extra: { cancel?: boolean; password?: string } = {}) {
  return runCodeFlow({ issuer: provider.issuer, clientId: CLIENT_ID, redirectUri: `${provider.server.url}/login`, email, password: extra.password ?? 'password', cancel: extra.cancel });
}

describe('the local OpenID provider (npm start enables it)', () => {
  test("config.json names it as sso.authority, and {authority}/.well-known/openid-configuration resolves", async () => {
    const config = await json(await fetch(`${provider.server.url}/config.json`));
    expect(config.sso).toEqual({ authority: provider.issuer, clientId: CLIENT_ID, scopes: 'openid profile email' });
    const discovery = await json(await fetch(`${config.sso.authority}/.well-known/openid-configuration`));
    expect(discovery.issuer).toBe(provider.issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${provider.issuer}/session/end`);
    const jwks = await json(await fetch(discovery.jwks_uri));
    expect(jwks.keys.map((k: JWK) => k.kid)).toEqual(['test-signing-key']);
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
    const me = await fetch(`${provider.server.url}/api/v1/users/auth`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
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
    ['forged (signed by another key under the same kid)', async () => mint({}, { key: (await generateKeyPair('RS256')).privateKey }), "The identity token's signature does not match the identity provider's keys."],
    ['expired', () => mint({ exp: Math.floor(Date.now() / 1000) - 3600 }), 'The identity token has expired.'],
    ['for another audience', () => mint({ aud: 'some-other-app' }), 'The identity token was not issued for this portal.'],
    ['from another issuer', () => mint({ iss: 'https://evil.example.com' }), 'The identity token was not issued by the trusted identity provider.'],
    ['unsigned (alg none)', async () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: provider.issuer, aud: CLIENT_ID, sub: 'local-idp-0001', exp: 9e9 })).toString('base64url')}.`, 'The identity token is not a valid signed token.'],
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
