import { Router } from 'express';
import type { AppContext } from '../../context';
import { accountScope, inScope } from '../../auth/accountScope';
import { requirePermission } from '../../auth/permissions';
import { paginate, type ListSpec } from '../list';
import { found, idParam, sendRecord } from '../record';

interface AccountRow {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, created_at, updated_at';

/** An account's scope column is its own id: a level-1 user sees exactly their account. */
const accountList: ListSpec<AccountRow> = {
  from: 'accounts',
  select: COLUMNS,
  sortable: { id: 'id', name: 'name COLLATE NOCASE', created_at: 'created_at', updated_at: 'updated_at' },
  defaultSort: 'name',
  filterable: { id: 'id', name: 'name' },
  searchable: ['name'],
  scopeColumn: 'id',
};

/** /api/v1/accounts. Only reads so far; add, edit and delete follow the same pattern. */
export function accountRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/accounts', requirePermission('Accounts', 'browse'), (req, res) => {
    res.json(paginate(req, ctx.db, accountList, accountScope(req, 'Accounts')));
  });

  router.get('/accounts/:id', requirePermission('Accounts', 'read'), (req, res) => {
    const row = ctx.db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE id = ?`).get(idParam(req.params.id)) as AccountRow | undefined;
    // Outside the caller's scope reads as absent: a 403 would confirm the account exists.
    sendRecord(res, found(row && inScope(accountScope(req, 'Accounts'), row.id) ? row : undefined));
  });

  return router;
}
