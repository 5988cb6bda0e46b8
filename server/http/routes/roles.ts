import { Router } from 'express';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate';
import { crudRouter } from '../crud';
import { fieldError, unauthorized } from '../errors';
import type { RouterFactory } from '../routerFactory';
import { idParam } from '../record';
import { holdsLastGlobalGrant, mayManageRole } from '../roleGrants';
import { optionalText, requiredString } from '../fields';
import { combine, relationRouter, slotsBriefRouter, type LinkRelation } from '../relations';
import { findInScope, scopeOf, type ResourceConfig } from '../resource';
import { dispositionResource } from './dispositions';
import { scorecardResource } from './scorecards';

const create = z.object({ name: requiredString(), description: optionalText(2000) });

/**
 * Roles (the core tables; grants live in role_permissions and are seeded, not edited here).
 * Deleting a role you hold would take your own access away mid-session: refused.
 */
export const roleResource: ResourceConfig = {
  path: 'roles',
  table: 'roles',
  model: 'Roles',
  fields: ['name', 'description'],
  idLists: {
    dispositions: { table: 'role_dispositions', ownKey: 'role_id', otherKey: 'disposition_id' },
    scorecards: { table: 'role_scorecards', ownKey: 'role_id', otherKey: 'scorecard_id' },
  },
  create,
  update: create.partial(),
  list: { defaultSort: 'name', sortable: { name: 'roles.name COLLATE NOCASE' }, searchable: ['roles.name'] },
  hooks: {
    beforeDelete(row, w) {
      const held = w.ctx.db.prepare('SELECT 1 FROM user_roles WHERE user_id = ? AND role_id = ?').get(currentUser(w.req).id, row.id);
      if (held) throw fieldError('id', 'You cannot delete a role you hold.');
      if (holdsLastGlobalGrant(w.ctx.db, row.id)) throw fieldError('id', 'The last role granting global (level 9) access cannot be deleted.');
    },
  },
};

const relations: LinkRelation[] = [
  {
    parent: roleResource, child: dispositionResource, segment: 'dispositions',
    table: 'role_dispositions', parentKey: 'role_id', childKey: 'disposition_id',
  },
  {
    parent: roleResource, child: scorecardResource, segment: 'scorecards',
    table: 'role_scorecards', parentKey: 'role_id', childKey: 'scorecard_id',
  },
];

/**
 * Every write to an existing role (PATCH, DELETE, relation links) first checks that the caller
 * holds every grant the role has (roleGrants.mayManageRole); unknown ids fall through to the 404s.
 */
const rolePolicy: RouterFactory = (ctx) => {
  const router = Router();
  router.use('/roles/:id', (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !/^[1-9]\d{0,15}$/.test(String(req.params.id))) return next();
    // Out of the caller's scope: the CRUD routes answer 404, as for any record.
    const exists = findInScope(ctx.db, roleResource, idParam(req.params.id), scopeOf(req, roleResource));
    next(exists && !mayManageRole(req, ctx.db, Number(req.params.id)) ? unauthorized() : undefined);
  });
  return router;
};

export const roleRoutes = combine(rolePolicy, ...relations.map(relationRouter), slotsBriefRouter(roleResource, relations), crudRouter(roleResource));
