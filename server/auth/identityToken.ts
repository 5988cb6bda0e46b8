import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';

/** Whom the SSO exchange trusts: the provider (issuer), our client id (audience), its keys. */
export interface IdentityProviderTrust {
  issuer: string;
  /** The portal's client id at the provider: the `aud` every accepted identity token carries. */
  audience: string;
  /** The provider's JWKS; discovered from `{issuer}/.well-known/openid-configuration` when absent. */
  jwksUri?: string;
}

/** A verification failure, with the message the 401 carries. */
export class IdentityTokenError extends Error {}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** The `email` claim, only when the provider says `email_verified: true` (literally). */
  email: string | null;
  /** The provider says the person passed more than one factor (`amr` contains `mfa`, RFC 8176). */
  mfa: boolean;
  /** When the token stops being valid (its `exp`): a spent token is remembered until then. */
  expiresAt: Date;
}

/** Seconds of clock difference between us and the provider that we forgive. */
const CLOCK_TOLERANCE_S = 60;

function messageFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The identity token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The identity token was not issued for this portal.';
    if (error.claim === 'iss') return 'The identity token was not issued by the trusted identity provider.';
    return `The identity token's ${error.claim} claim is not acceptable.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return "The identity token's signature does not match the identity provider's keys.";
  }
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
    return 'The identity provider could not be reached to check the token.';
  }
  return 'The identity token is not a valid signed token.';
}

/** What access tokens carry and identity tokens do not (RFC 9068's typ, OAuth scopes, Keycloak's and Cognito's markers). */
function looksLikeAccessToken(token: string, payload: JWTPayload): boolean {
  const { typ } = decodeProtectedHeader(token);
  if (typeof typ === 'string' && /^(application\/)?at\+jwt$/i.test(typ)) return true;
  if (payload.scp !== undefined || payload.scope !== undefined) return true;
  if (typeof payload.typ === 'string' && payload.typ.toLowerCase() !== 'id') return true;
  return typeof payload.token_use === 'string' && payload.token_use !== 'id';
}

/**
 * OIDC Core 3.1.3.7 beyond what jose checks: a token for several audiences must name us as its
 * authorized party (`azp`), any `azp` must be us, and an access token is not an identity token.
 */
function notAnIdentityToken(token: string, payload: JWTPayload, audience: string): string | null {
  if (looksLikeAccessToken(token, payload)) return 'An access token is not an identity token.';
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.azp !== undefined && payload.azp !== audience) return 'The identity token was issued to another client (azp).';
  if (audiences.length > 1 && payload.azp !== audience) return 'The identity token names several audiences and not this portal as its authorized party (azp).';
  return null;
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown; issuer?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
  return document.jwks_uri;
}

/**
 * Verifies an OIDC identity token the way a production backend must: signature against the
 * provider's published keys (jose fetches and caches the JWKS, refetching on an unknown `kid`),
 * issuer, audience, expiry and not-before, and an RSA/EC/EdDSA algorithm (never `none` or HMAC).
 */
export function createIdentityTokenVerifier(trust: IdentityProviderTrust) {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function keySet() {
    if (!keys) keys = createRemoteJWKSet(new URL(trust.jwksUri ?? (await discoverJwksUri(trust.issuer))));
    return keys;
  }

  return async function verify(token: string): Promise<VerifiedIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keySet(), {
        issuer: trust.issuer,
        audience: trust.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw new IdentityTokenError(messageFor(error));
    }
    const problem = notAnIdentityToken(token, payload, trust.audience);
    if (problem) throw new IdentityTokenError(problem);
    // Only a verified `email` links a first sign-in. `preferred_username` and `upn` are names the
    // tenant's users can often choose or that may be reassigned: never an email to trust.
    const email = payload.email_verified === true && typeof payload.email === 'string' && /^[^@\s]+@[^@\s]+$/.test(payload.email) ? payload.email : null;
    const amr = Array.isArray(payload.amr) ? payload.amr : [];
    return { issuer: trust.issuer, subject: String(payload.sub), email, mfa: amr.includes('mfa'), expiresAt: new Date(Number(payload.exp) * 1000) };
  };
}

export type IdentityTokenVerifier = ReturnType<typeof createIdentityTokenVerifier>;
