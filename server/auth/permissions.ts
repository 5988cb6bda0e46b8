import type { Request, RequestHandler } from 'express';
import { contextOf } from '../context';
import type { Database } from '../db/connection';
import { unauthenticated, unauthorized } from '../http/errors';
import { MODEL_NAMES, type ModelName, type ModelPermission, type PermissionAction } from './models';
import type { AuthUser } from './users';
import { cachedStatement } from '../db/statements';

/** The body of GET /api/v1/user/permissions (DESIGN §4). */
export type PermissionSet = Record<ModelName, ModelPermission> & { Global: { access: boolean } };

const NONE: ModelPermission = { browse: false, read: false, edit: false, add: false, delete: false, level: 0 };

/**
 * Merges the user's roles: an action is allowed if any role allows it, the level is the highest
 * any role gives. Every model is present (all false, level 0 when no role grants it).
 * Global.access (SPEC §6: a flag beside the user's admin flag) says whether the portal is open to
 * the user at all: an administrator, or a user some role grants anything. A user without any
 * grant gets false, and the portal shows them /error/access. What an administrator may do beyond
 * the grants is decided by the admin flag (users.is_admin), not by this.
 */
export function computePermissions(db: Database, user: AuthUser): PermissionSet {
  const stamp = databaseStamp(db);
  let known = computed.get(db);
  if (!known || known.stamp !== stamp) computed.set(db, (known = { stamp, sets: new Map() }));
  const key = `${user.id}:${user.is_admin}`;
  let set = known.sets.get(key);
  if (!set) known.sets.set(key, (set = permissionsFromRoles(db, user)));
  // A copy: callers may not change what the next request reads.
  return structuredClone(set);
}

/**
 * Changes whenever anything in the database may have changed: this connection's writes
 * (total_changes) or a commit by another connection (data_version). Reading both costs two
 * tiny statements, where merging a user's roles cost more than everything else a request does.
 */
function databaseStamp(db: Database): string {
  const changes = (cachedStatement(db, 'SELECT total_changes() AS n').get() as { n: number }).n;
  const version = (cachedStatement(db, 'PRAGMA data_version').get() as { data_version: number }).data_version;
  return `${changes}:${version}`;
}

/** Permission sets of the users seen since the database last changed (a change forgets them all). */
const computed = new WeakMap<Database, { stamp: string; sets: Map<string, PermissionSet> }>();

function permissionsFromRoles(db: Database, user: AuthUser): PermissionSet {
  const rows = cachedStatement(
    db,
    `
      SELECT rp.model, MAX(rp.browse) AS browse, MAX(rp.read) AS read, MAX(rp.edit) AS edit,
             MAX(rp."add") AS "add", MAX(rp."delete") AS "delete", MAX(rp.level) AS level
      FROM role_permissions rp JOIN user_roles ur ON ur.role_id = rp.role_id
      WHERE ur.user_id = ?
      GROUP BY rp.model`,
  ).all(user.id) as { model: string; browse: number; read: number; edit: number; add: number; delete: number; level: number }[];
  const byModel = new Map(rows.map((row) => [row.model, row]));
  const set = {} as PermissionSet;
  for (const model of MODEL_NAMES) {
    const row = byModel.get(model);
    set[model] = row
      ? { browse: !!row.browse, read: !!row.read, edit: !!row.edit, add: !!row.add, delete: !!row.delete, level: row.level }
      : { ...NONE };
  }
  const grantsAnything = rows.some((row) => row.browse || row.read || row.edit || row.add || row.delete);
  set.Global = { access: user.is_admin === 1 || grantsAnything };
  return set;
}

// Computed once per request: several guards and the scope helper may ask.
const cache = new WeakMap<Request, PermissionSet>();

/** The signed-in user's permissions (401 for guests). */
export function permissionsOf(req: Request): PermissionSet {
  if (!req.auth) throw unauthenticated();
  let set = cache.get(req);
  if (!set) {
    set = computePermissions(contextOf(req).db, req.auth.user);
    cache.set(req, set);
  }
  return set;
}

/** SPEC §6's check: the action's flag, and optionally at least `minLevel` on the model. */
export function can(set: PermissionSet, model: ModelName, action: PermissionAction, minLevel = 0): boolean {
  const permission = set[model];
  return permission[action] && permission.level >= minLevel;
}

/**
 * Route guard: 403 `{message: "This action is unauthorized."}` unless the user may perform
 * `action` on `model` (with at least `minLevel`). Mount after `requireAuth`.
 */
export function requirePermission(model: ModelName, action: PermissionAction, minLevel = 0): RequestHandler {
  return (req, _res, next) => {
    next(can(permissionsOf(req), model, action, minLevel) ? undefined : unauthorized());
  };
}
