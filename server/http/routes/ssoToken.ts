import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerToken } from '../../auth/authenticate';
import { createAccessToken } from '../../auth/accessTokens';
import { IdentityTokenError } from '../../auth/identityToken';
import { userForIdentity } from '../../auth/ssoIdentities';
import { findUserByEmail, type AuthUser } from '../../auth/users';
import { HttpError } from '../errors';
import { requiredString, validateBody } from '../validation';

/** Full path of the SSO token exchange; CSRF protection exempts it (it is authenticated by headers only). */
export const SSO_TOKEN_PATH = '/api/v1/auth/token/ad';

const DEV_PREFIX = 'dev-sso:';
export const NO_LINKED_USER = 'No portal user matches this identity.';
const SSO_OFF = 'Single sign-on is not configured on this server.';

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
async function resolveIdentity(ctx: AppContext, identityToken: string): Promise<AuthUser> {
  const standIn = devStandIn(ctx, identityToken);
  if (standIn) return standIn;
  const verify = ctx.sso.verifier;
  if (!verify) throw new HttpError(401, SSO_OFF);
  try {
    const user = userForIdentity(ctx.db, await verify(identityToken));
    if (!user) throw new HttpError(401, NO_LINKED_USER);
    return user;
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
    const user = await resolveIdentity(ctx, identityToken);
    const { device_name } = validateBody(req, exchangeSchema);
    res.status(200).json({ token: createAccessToken(ctx.db, user.id, device_name) });
  });
  return router;
}
