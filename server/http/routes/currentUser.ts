import { Router } from 'express';
import type { AppContext } from '../../context';
import { currentUser } from '../../auth/authenticate';
import { permissionsOf } from '../../auth/permissions';
import { sendRecord } from '../record';
import { userPayload } from './accountShared';

/** The signed-in user and their permissions: what the portal loads right after sign-in. */
export function currentUserRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/users/auth', (req, res) => {
    sendRecord(res, userPayload(ctx, currentUser(req).id));
  });

  router.get('/user/permissions', (req, res) => {
    sendRecord(res, permissionsOf(req));
  });

  return router;
}
