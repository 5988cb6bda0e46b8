import { z } from 'zod';
import { currentUser } from '../../auth/authenticate';
import { hashPassword } from '../../auth/password';
import { crudRouter } from '../crud';
import { fieldError, unauthorized } from '../errors';
import { requiredString } from '../fields';
import type { ApiRecord, ResourceConfig, Row, WriteContext } from '../resource';
import { mayManageUser } from '../roleGrants';
import { newPasswordField } from '../../auth/passwordRule';
import { booleanish } from '../validation';
import { endPendingSignIns, revokeOtherSessions, thisSignIn } from './accountShared';

const themeColor = z
  .preprocess((v) => (v === '' ? null : v), z.string().regex(/^#[0-9a-fA-F]{6}$/).nullable())
  .optional();
const email = z.string().trim().min(1).max(255).pipe(z.email());

const create = z.object({
  name: requiredString(),
  email,
  password: newPasswordField(),
  password_confirmation: z.string().min(1).max(1024),
  isAdmin: booleanish.optional(),
  theme_color: themeColor,
});
const update = z.object({
  name: requiredString().optional(),
  email: email.optional(),
  password: newPasswordField().optional(),
  password_confirmation: z.string().max(1024).optional(),
  isAdmin: booleanish.optional(),
  theme_color: themeColor,
});

function adminCount(w: WriteContext): number {
  return (w.ctx.db.prepare('SELECT COUNT(*) AS n FROM users WHERE is_admin = 1').get() as { n: number }).n;
}

/** Checks and column values for a user write; only an administrator (the admin flag) grants it. */
async function prepareUser(input: Record<string, unknown>, w: WriteContext): Promise<Record<string, unknown>> {
  const caller = currentUser(w.req);
  const existing = w.existing;
  if (existing && !mayManageUser(w.req, w.ctx.db, existing)) throw unauthorized();
  const wasAdmin = Number(existing?.is_admin ?? 0) === 1;
  if (input.isAdmin !== undefined && input.isAdmin !== wasAdmin) {
    if (caller.is_admin !== 1) throw unauthorized();
    if (wasAdmin && adminCount(w) <= 1) throw fieldError('isAdmin', 'There must be at least one administrator.');
  }
  if (typeof input.email === 'string') {
    const taken = w.ctx.db.prepare('SELECT 1 FROM users WHERE email = ? AND id <> ?').get(input.email, existing?.id ?? 0);
    if (taken) throw fieldError('email', 'The email has already been taken.');
  }
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if (input.password !== input.password_confirmation) throw fieldError('password', 'The password field confirmation does not match.');
    passwordHash = await hashPassword(String(input.password));
    // Set by someone else (or here for oneself): whoever knew the old password is signed out,
    // and a sign-in half done with it cannot be finished.
    if (existing) {
      revokeOtherSessions(w.ctx, existing.id, existing.id === caller.id ? thisSignIn(w.req) : {});
      endPendingSignIns(w.ctx, existing.id);
    }
  }
  return { name: input.name, email: input.email, theme_color: input.theme_color, is_admin: input.isAdmin, password_hash: passwordHash };
}

function beforeDeleteUser(row: Row, w: WriteContext): void {
  if (row.id === currentUser(w.req).id) throw fieldError('id', 'You cannot delete your own user.');
  if (!mayManageUser(w.req, w.ctx.db, row)) throw unauthorized();
  if (Number(row.is_admin) === 1 && adminCount(w) <= 1) throw fieldError('id', 'The last administrator cannot be deleted.');
}

/** is_admin → isAdmin (boolean), in place, as /users/auth shows it. */
function presentUser(record: ApiRecord): ApiRecord {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => (key === 'is_admin' ? ['isAdmin', Number(value) === 1] : [key, value])),
  ) as ApiRecord;
}

/**
 * Users. Passwords are write-only (hashed like sign-in's), roles read-only here (use
 * /users/{id}/roles). Nobody deletes themselves or the last administrator, and a caller
 * who is not an administrator cannot touch users more privileged than they are.
 */
export const userResource: ResourceConfig = {
  path: 'users',
  table: 'users',
  model: 'Users',
  fields: ['name', 'email', 'is_admin', 'theme_color', 'email_verified_at'],
  jsonSelects: {
    roles: `SELECT json_group_array(json_object('id', r.id, 'name', r.name)) FROM (SELECT r.id, r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = users.id ORDER BY r.name, r.id) r`,
  },
  create,
  update,
  list: {
    defaultSort: 'name',
    sortable: { name: 'users.name COLLATE NOCASE', email: 'users.email' },
    filterable: {
      is_admin: 'users.is_admin',
      role_id: (value) => ({ sql: 'users.id IN (SELECT user_id FROM user_roles WHERE role_id = ?)', params: [value] }),
    },
    searchable: ['users.name', 'users.email'],
  },
  hooks: { prepare: prepareUser, beforeDelete: beforeDeleteUser, present: presentUser },
};

export const userRoutes = crudRouter(userResource);
