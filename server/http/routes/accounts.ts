import { z } from 'zod';
import { currentUser } from '../../auth/authenticate';
import { GLOBAL_LEVEL } from '../../auth/models';
import { crudRouter } from '../crud';
import { fieldError } from '../errors';
import { optionalText, requiredString } from '../fields';
import type { ResourceConfig } from '../resource';

const create = z.object({ name: requiredString(), description: optionalText(2000) });

/**
 * Accounts. An account's scope column is its own id: a level-1 user sees exactly their account
 * and may rename it; creating and deleting accounts needs level 9. An account that still has
 * users cannot be deleted (move or delete them first); its roles go with it.
 */
export const accountResource: ResourceConfig = {
  path: 'accounts',
  table: 'accounts',
  model: 'Accounts',
  owner: 'self',
  fields: ['name', 'description'],
  create,
  update: create.partial(),
  minLevel: { add: GLOBAL_LEVEL, delete: GLOBAL_LEVEL },
  list: {
    defaultSort: 'name',
    sortable: { name: 'accounts.name COLLATE NOCASE' },
    filterable: { name: 'accounts.name' },
    searchable: ['accounts.name'],
  },
  hooks: {
    beforeDelete(row, w) {
      if (currentUser(w.req).account_id === row.id) throw fieldError('id', 'You cannot delete your own account.');
      const users = w.ctx.db.prepare('SELECT COUNT(*) AS n FROM users WHERE account_id = ?').get(row.id) as { n: number };
      if (users.n > 0) throw fieldError('id', `This account still has ${users.n} user(s); delete or move them first.`);
      w.ctx.db.prepare('DELETE FROM roles WHERE account_id = ?').run(row.id);
    },
  },
};

/** /api/v1/accounts: the standard CRUD of the factory. */
export const accountRoutes = crudRouter(accountResource);
