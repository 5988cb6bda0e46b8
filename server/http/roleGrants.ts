import type { Request } from 'express';
import type { Database } from '../db/connection';
import { accountScope, scopeCondition } from '../auth/accountScope';
import { currentUser } from '../auth/authenticate';
import { GLOBAL_LEVEL, isModelName, PERMISSION_ACTIONS } from '../auth/models';
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
 * accounts the caller's Users permission reaches, and, unless the caller is an administrator (the admin flag),
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
 * Whether the caller may change or delete `target`: a caller who is not an administrator may not
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

/**
 * Whether the caller may rename, relink or delete role `roleId`: the same rule as assignment,
 * the caller holds every grant the role has (an administrator holds them all). Without it a
 * level-1 user with Roles edit could rename or delete the Administrator role.
 */
export function mayManageRole(req: Request, db: Database, roleId: number): boolean {
  if (currentUser(req).is_admin === 1) return true;
  return within(permissionsOf(req), grantsOf(db, [roleId]).get(roleId) ?? []);
}

/** True when `roleId` holds the only level-9 grant of some model: deleting it would lock everyone out. */
export function holdsLastGlobalGrant(db: Database, roleId: number): boolean {
  const orphaned = db
    .prepare(
      `SELECT 1 FROM role_permissions mine WHERE mine.role_id = ? AND mine.level >= ?
       AND NOT EXISTS (SELECT 1 FROM role_permissions other WHERE other.model = mine.model AND other.level >= ? AND other.role_id <> mine.role_id)
       LIMIT 1`,
    )
    .get(roleId, GLOBAL_LEVEL, GLOBAL_LEVEL);
  return orphaned !== undefined;
}
