import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';

export const CLIENT_ID = 'agent-portal';

export interface MintOptions {
  /** Sign with another key (a forged token) instead of the provider's. */
  key?: CryptoKey;
  /** Extra protected-header fields, e.g. `typ: 'at+jwt'` for an access token. */
  header?: Record<string, unknown>;
}

/**
 * A reference API whose local OpenID provider signs with a key the test holds, so the test can
 * mint any identity token the provider could have issued. Registers its own beforeAll/afterAll.
 * Every minted token has a fresh `jti` and `nonce` (the exchange takes each identity token once);
 * a claim given as undefined is left out.
 */
export function startIdentityProviderForSuite(kid: string) {
  let server: TestServer;
  let providerKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    providerKey = pair.privateKey;
    const signingKey: JWK = { ...(await exportJWK(pair.privateKey)), kid };
    server = await startTestServer({ localOidc: { signingKey }, devSso: false });
  });
  afterAll(async () => {
    await server.close();
  });

  const provider = {
    get server() {
      return server;
    },
    get issuer() {
      return `${server.url}/oidc`;
    },
    /** An identity token for a verified sso@example.com, with `claims` changed. */
    mint(claims: Record<string, unknown> = {}, options: MintOptions = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: Record<string, unknown> = { email: 'sso@example.com', email_verified: true, jti: randomUUID(), nonce: randomUUID(), ...claims };
      for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid, ...options.header })
        .setIssuer(String(claims.iss ?? provider.issuer))
        .setAudience((claims.aud as string | string[]) ?? CLIENT_ID)
        .setSubject((claims.sub as string) ?? 'local-idp-0001')
        .setIssuedAt(now - 60)
        .setExpirationTime((claims.exp as number) ?? now + 600)
        .sign(options.key ?? providerKey);
    },
  };
  return provider;
}
