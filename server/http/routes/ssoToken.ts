import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerToken } from '../../auth/authenticate';
import { createAccessToken } from '../../auth/accessTokens';
import { findUserByEmail, type AuthUser } from '../../auth/users';
import { HttpError } from '../errors';
import { requiredString, validateBody } from '../validation';

/** Full path of the SSO token exchange; CSRF protection exempts it (it is authenticated by headers only). */
export const SSO_TOKEN_PATH = '/api/v1/auth/token/ad';

const DEV_PREFIX = 'dev-sso:';

const exchangeSchema = z.object({ device_name: requiredString(255) });

/**
 * Maps an identity-provider token to a user.
 *
 * A production backend verifies an OIDC id token here (signature against the provider's JWKS,
 * issuer, audience = our client id, expiry, nonce) and looks the user up by its email / object
 * id claim. This reference implementation has no identity provider, so it stands in with
 * identity tokens of the form `dev-sso:<email>` naming a user in the database. That is a
 * sign-in without a password: it is on only when the server runs with `devSso` (the default
 * for the demo; DEV_SSO=0 turns it off).
 */
function resolveIdentity(ctx: AppContext, identityToken: string): AuthUser | null {
  if (!ctx.devSso || !identityToken.startsWith(DEV_PREFIX)) return null;
  const email = identityToken.slice(DEV_PREFIX.length).trim();
  return email ? findUserByEmail(ctx.db, email) : null;
}

/** POST /api/v1/auth/token/ad: identity token (+ AccessToken header) → Sanctum portal token. */
export function ssoTokenRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/auth/token/ad', (req, res) => {
    const identityToken = bearerToken(req);
    // The provider's access token is required like the real exchange requires it (it would be
    // used for Graph lookups); this implementation does not inspect it further.
    const accessToken = req.get('AccessToken')?.trim();
    const user = identityToken && accessToken ? resolveIdentity(ctx, identityToken) : null;
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    const { device_name } = validateBody(req, exchangeSchema);
    res.status(200).json({ token: createAccessToken(ctx.db, user.id, device_name) });
  });
  return router;
}
