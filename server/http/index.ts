import { Router, type Express } from 'express';
import type { AppContext } from '../context';
import { authenticate, requireAuth, requireVerified } from '../auth/authenticate';
import { csrfProtection } from '../auth/csrf';
import { notFoundHandler } from './errors';
import { noStoreWhenSignedIn } from './security';
import { accountRoutes } from './routes/accounts';
import { callRoutes } from './routes/calls';
import { accountGuestRoutes, accountRootRoutes, accountV1Routes } from './routes/accountFlows';
import { currentUserRoutes } from './routes/currentUser';
import { publicConfigRoutes } from './routes/publicConfig';
import { reportingRoutes } from './routes/reporting';
import { resourceRouters } from './routes/resources';
import { reviewRoutes } from './routes/review';
import { sessionRoutes } from './routes/session';
import { SSO_TOKEN_PATH, ssoTokenRoutes } from './routes/ssoToken';
import { twoFactorRoutes } from './routes/twoFactor';
import { passwordConfirmationRoutes } from './routes/passwordConfirmation';
import type { RouterFactory } from './routerFactory';


/**
 * THE list of routers. To add a resource, write `routes/<name>.ts` exporting a RouterFactory
 * and add it to the group whose guards it needs:
 *
 * - `rootRouters`: paths at the host root (Sanctum/Fortify: /login, /logout, /user/…, /email/…);
 *   they guard themselves.
 * - `v1GuestRouters`: /api/v1 paths open to guests (token exchange, email resend).
 * - `v1UnverifiedRouters`: /api/v1 paths for signed-in users whose email is not verified yet
 *   (the verification routes).
 * - `v1Routers`: everything else under /api/v1: signed in AND verified. Guard individual routes
 *   with `requirePermission(model, action)` and scope queries with `accountScope(req, model)`.
 *
 * Paths inside /api/v1 routers are written without the /api/v1 prefix.
 */
const rootRouters: RouterFactory[] = [sessionRoutes, twoFactorRoutes, passwordConfirmationRoutes, publicConfigRoutes, accountRootRoutes];
const v1GuestRouters: RouterFactory[] = [ssoTokenRoutes, accountGuestRoutes];
const v1UnverifiedRouters: RouterFactory[] = [];
const v1Routers: RouterFactory[] = [currentUserRoutes, accountRoutes, accountV1Routes, reportingRoutes, reviewRoutes, callRoutes, ...resourceRouters];

/**
 * Mounts authentication, CSRF and every router. Guards run in group order, so an unknown
 * /api/v1 path answers 401 to a guest (no route discovery) and 404 to a signed-in user.
 */
export function registerRoutes(app: Express, ctx: AppContext): void {
  app.use(authenticate(ctx));
  app.use(noStoreWhenSignedIn);
  app.use(csrfProtection({ exemptPaths: [SSO_TOKEN_PATH] }));

  for (const factory of rootRouters) app.use(factory(ctx));

  const v1 = Router();
  for (const factory of v1GuestRouters) v1.use(factory(ctx));
  v1.use(requireAuth);
  for (const factory of v1UnverifiedRouters) v1.use(factory(ctx));
  v1.use(requireVerified);
  for (const factory of v1Routers) v1.use(factory(ctx));
  app.use('/api/v1', v1);

  // Anything else under /api is JSON 404, never the portal's HTML.
  app.use('/api', notFoundHandler);
}
