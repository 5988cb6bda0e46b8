import { Router } from 'express';
import type { AppContext } from '../../context';
import { currentUser } from '../../auth/authenticate';
import { permissionsOf } from '../../auth/permissions';
import { userRoles } from '../../auth/users';
import { sendRecord } from '../record';

/** The signed-in user and their permissions: what the portal loads right after sign-in. */
export function currentUserRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/users/auth', (req, res) => {
    const user = currentUser(req);
    sendRecord(res, {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.is_admin === 1,
      theme_color: user.theme_color,
      account_id: user.account_id,
      email_verified_at: user.email_verified_at,
      roles: userRoles(ctx.db, user.id),
    });
  });

  router.get('/user/permissions', (req, res) => {
    sendRecord(res, permissionsOf(req));
  });

  return router;
}
