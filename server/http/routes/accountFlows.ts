import { Router } from 'express';
import type { AppContext } from '../../context';
import { devOutboxRoutes } from './devOutbox';
import { emailVerificationRoutes, verificationNotificationRoutes } from './emailVerification';
import { passwordResetRoutes } from './passwordReset';
import { profileRoutes } from './profile';
import { registerRoutes } from './register';
import { userSettingsRoutes } from './userSettings';

function combine(ctx: AppContext, factories: ((ctx: AppContext) => Router)[]): Router {
  const router = Router();
  for (const factory of factories) router.use(factory(ctx));
  return router;
}

/**
 * The account flows' routers, grouped by the guard group of server/http/index.ts they belong
 * to, so the registration there stays one entry per group.
 */
/** Host root: Fortify's /register, /forgot-password, /reset-password, /email/…, /user/…, and /dev/outbox. */
export const accountRootRoutes = (ctx: AppContext) =>
  combine(ctx, [registerRoutes, passwordResetRoutes, verificationNotificationRoutes, profileRoutes, devOutboxRoutes]);
/** /api/v1 for guests: the signed verification link and the resend-by-address call. */
export const accountGuestRoutes = (ctx: AppContext) => combine(ctx, [emailVerificationRoutes]);
/** /api/v1 for verified users: settings, change email, change password. */
export const accountV1Routes = (ctx: AppContext) => combine(ctx, [userSettingsRoutes]);
