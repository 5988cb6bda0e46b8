import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerToken } from '../../auth/authenticate';
import { createAccessToken } from '../../auth/accessTokens';
import { IdentityTokenError } from '../../auth/identityToken';
import { spendIdentityToken, userForIdentity } from '../../auth/ssoIdentities';
import { requiresTwoFactor } from '../../auth/twoFactor';
import { CHALLENGE_TTL_MS, createChallenge } from '../../auth/twoFactorChallenges';
import { findUserByEmail, type AuthUser } from '../../auth/users';
import { COOKIE, cookieOptions } from '../cookies';
import { HttpError } from '../errors';
import { requiredString, validateBody } from '../validation';

/** Full path of the SSO token exchange; CSRF protection exempts it (it is authenticated by headers only). */
export const SSO_TOKEN_PATH = '/api/v1/auth/token/ad';

const DEV_PREFIX = 'dev-sso:';
export const NO_LINKED_USER = 'No portal user matches this identity.';
const SSO_OFF = 'Single sign-on is not configured on this server.';
export const TOKEN_REPLAYED = 'This identity token has already been used; sign in with the identity provider again.';
/** A portal token from the exchange lasts a working day (Sanctum's expires_at); then the portal signs in again. */
export const SSO_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

const exchangeSchema = z.object({ device_name: requiredString(255) });

/**
 * The development stand-in (DEV_SSO=1, off by default): `dev-sso:<email>` names a user with no
 * provider at all. It signs anyone in, so it is for tests of the exchange's other rules only.
 */
function devStandIn(ctx: AppContext, identityToken: string): AuthUser | null {
  if (!ctx.devSso || !identityToken.startsWith(DEV_PREFIX)) return null;
  const email = identityToken.slice(DEV_PREFIX.length).trim();
  return email ? findUserByEmail(ctx.db, email) : null;
}

/**
 * Maps an identity-provider token to a user: the OIDC id token is verified against the trusted
 * provider's JWKS (signature, issuer, audience = our client id, expiry), then its subject or
 * email is mapped to a portal user. Every failure is a 401 whose message says which check failed.
 */
async function resolveIdentity(ctx: AppContext, identityToken: string): Promise<{ user: AuthUser; mfa: boolean }> {
  const standIn = devStandIn(ctx, identityToken);
  if (standIn) return { user: standIn, mfa: false };
  const verify = ctx.sso.verifier;
  if (!verify) throw new HttpError(401, SSO_OFF);
  try {
    const identity = await verify(identityToken);
    // One exchange per identity token: one seen in a log, a proxy or a browser history is worth nothing.
    if (!spendIdentityToken(ctx.db, identityToken, identity.expiresAt)) throw new HttpError(401, TOKEN_REPLAYED);
    const user = userForIdentity(ctx.db, identity);
    if (!user) throw new HttpError(401, NO_LINKED_USER);
    return { user, mfa: identity.mfa };
  } catch (error) {
    if (error instanceof IdentityTokenError) throw new HttpError(401, error.message);
    throw error;
  }
}

/** POST /api/v1/auth/token/ad: identity token (+ AccessToken header) → Sanctum portal token. */
export function ssoTokenRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/auth/token/ad', async (req, res) => {
    const identityToken = bearerToken(req);
    // The provider's access token is required like the real exchange requires it (it would be
    // used for Graph lookups); this implementation does not inspect it further.
    const accessToken = req.get('AccessToken')?.trim();
    if (!identityToken || !accessToken) throw new HttpError(401, 'Unauthenticated.');
    const { device_name } = validateBody(req, exchangeSchema);
    const { user, mfa } = await resolveIdentity(ctx, identityToken);
    // The provider proved a password at most: a user with confirmed two-factor still owes the
    // second factor, exactly as after POST /login (unless the provider says it checked one).
    if (requiresTwoFactor(ctx.db, user.id) && !mfa) {
      const challenge = createChallenge(ctx.db, user.id, false);
      res.cookie(COOKIE.twoFactorChallenge, challenge, cookieOptions(req, { httpOnly: true, maxAgeMs: CHALLENGE_TTL_MS }));
      res.status(200).json({ two_factor: true });
      return;
    }
    res.status(200).json({ token: createAccessToken(ctx.db, user.id, device_name, { expiresInMs: SSO_TOKEN_TTL_MS }) });
  });
  return router;
}
