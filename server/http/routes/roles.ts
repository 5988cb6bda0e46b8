import { z } from 'zod';
import { currentUser } from '../../auth/authenticate';
import { crudRouter } from '../crud';
import { fieldError } from '../errors';
import { optionalText, requiredString } from '../fields';
import { combine, relationRouter, slotsBriefRouter, type LinkRelation } from '../relations';
import type { ResourceConfig } from '../resource';
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

export const roleRoutes = combine(...relations.map(relationRouter), slotsBriefRouter(roleResource, relations), crudRouter(roleResource));
