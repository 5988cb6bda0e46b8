import type { Request } from 'express';
import type { Database } from '../db/connection';
import { accountScope, scopeCondition } from '../auth/accountScope';
import { currentUser } from '../auth/authenticate';
import { isModelName, PERMISSION_ACTIONS } from '../auth/models';
import { permissionsOf, type PermissionSet } from '../auth/permissions';

interface GrantRow {
  role_id: number;
  model: string;
  browse: number;
  read: number;
  edit: number;
  add: number;
  delete: number;
  level: number;
}

function grantsOf(db: Database, roleIds: readonly number[]): Map<number, GrantRow[]> {
  const byRole = new Map<number, GrantRow[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = db
    .prepare(`SELECT role_id, model, browse, read, edit, "add", "delete", level FROM role_permissions WHERE role_id IN (${roleIds.map(() => '?').join(', ')})`)
    .all(...roleIds) as GrantRow[];
  for (const row of rows) byRole.get(row.role_id)?.push(row);
  return byRole;
}

/** A role grants nothing the caller lacks: no action they cannot do, no higher level. */
function within(set: PermissionSet, grants: readonly GrantRow[]): boolean {
  return grants.every((grant) => {
    if (!isModelName(grant.model)) return false;
    const own = set[grant.model];
    return grant.level <= own.level && PERMISSION_ACTIONS.every((action) => !grant[action] || own[action]);
  });
}

/**
 * The roles the caller may hand out (GET /user/roles, PATCH /users/{id}/roles): roles of the
 * accounts the caller's Users permission reaches, and, unless the caller has Global access,
 * only roles granting no more than the caller has. Without this, anyone able to edit users
 * could make themselves administrator.
 */
export function assignableRoleIds(req: Request, db: Database): number[] {
  const condition = scopeCondition(accountScope(req, 'Users'), 'account_id');
  const ids = (db.prepare(`SELECT id FROM roles WHERE ${condition.sql} ORDER BY id`).all(...condition.params) as { id: number }[]).map((r) => r.id);
  if (currentUser(req).is_admin === 1) return ids;
  const set = permissionsOf(req);
  const grants = grantsOf(db, ids);
  return ids.filter((id) => within(set, grants.get(id) ?? []));
}

/**
 * Whether the caller may change or delete `target`: a caller without Global access may not
 * touch an administrator or anyone holding a role that grants more than the caller has.
 */
export function mayManageUser(req: Request, db: Database, target: { id: number; is_admin?: unknown }): boolean {
  if (currentUser(req).is_admin === 1) return true;
  if (Number(target.is_admin) === 1) return false;
  const roleIds = (db.prepare('SELECT role_id FROM user_roles WHERE user_id = ?').all(target.id) as { role_id: number }[]).map((r) => r.role_id);
  const set = permissionsOf(req);
  const grants = grantsOf(db, roleIds);
  return roleIds.every((id) => within(set, grants.get(id) ?? []));
}
