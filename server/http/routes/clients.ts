import { Router } from 'express';
import { guard } from '../crud';
import type { RouterFactory } from '../routerFactory';
import { paginate } from '../list';
import { listSpecOf, scopeOf, type ResourceConfig } from '../resource';

/**
 * API clients of an account: a read-only list (SPEC §7). There is no "Clients" permission
 * model; they belong to accounts, so Accounts.browse guards them, scoped like accounts' rows.
 */
export const clientResource: ResourceConfig = {
  path: 'clients',
  table: 'clients',
  model: 'Accounts',
  fields: ['name'],
  list: { defaultSort: 'name', sortable: { name: 'clients.name COLLATE NOCASE' }, searchable: ['clients.name'] },
};

export const clientRoutes: RouterFactory = (ctx) => {
  const router = Router();
  router.get('/clients', guard(clientResource, 'browse'), (req, res) => {
    res.json(paginate(req, ctx.db, listSpecOf(clientResource), scopeOf(req, clientResource)));
  });
  return router;
};
