import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { userRoles } from '../../auth/users';
import { guard, loadScoped } from '../crud';
import { unauthorized, ValidationError } from '../errors';
import type { RouterFactory } from '../routerFactory';
import { sendRecord } from '../record';
import { selectOf, toRecord, type Row } from '../resource';
import { assignableRoleIds, mayManageUser } from '../roleGrants';
import { validateBody } from '../validation';
import { roleResource } from './roles';
import { userResource } from './users';
import { sendPasswordResetLink } from './passwordReset';
import { sendVerificationMail } from '../../mail/messages';

const rolesBody = z.object({ roles: z.array(z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive())).max(100) });

const users = userResource;

/**
 * These GETs send mail, so they must not run from another site's link or image: the browser
 * says where a request came from in Sec-Fetch-Site (clients without it are not browsers).
 */
const sameSiteOnly: RequestHandler = (req, _res, next) => {
  next(req.get('sec-fetch-site') === 'cross-site' ? unauthorized() : undefined);
};

function replaceRoles(db: Database, userId: number, keep: readonly number[], requested: readonly number[]): void {
  db.transaction(() => {
    db.prepare('DELETE FROM user_roles WHERE user_id = ?').run(userId);
    const insert = db.prepare('INSERT OR IGNORE INTO user_roles (user_id, role_id) VALUES (?, ?)');
    for (const roleId of [...keep, ...requested]) insert.run(userId, roleId);
  })();
}

/**
 * Users ↔ roles and the two account e-mails (SPEC §7 "Users"):
 * GET/PATCH /users/{id}/roles (`{roles: [ids]}` → `{data: [{id, name}]}`), GET /user/roles (every
 * role the caller may assign, `{data: [role]}`), and the password-reset and verification e-mails.
 */
export const userRoleRoutes: RouterFactory = (ctx) => {
  const router = Router();

  router.get('/users/:id/roles', guard(users, 'read'), (req, res) => {
    const user = loadScoped(req, ctx.db, users);
    sendRecord(res, userRoles(ctx.db, user.id));
  });

  router.patch('/users/:id/roles', guard(users, 'edit'), (req, res) => {
    const user = loadScoped(req, ctx.db, users);
    if (!mayManageUser(req, ctx.db, user)) throw unauthorized();
    const { roles } = validateBody(req, rolesBody);
    const assignable = new Set(assignableRoleIds(req, ctx.db));
    const roleAccount = ctx.db.prepare('SELECT account_id FROM roles WHERE id = ?');
    const errors: Record<string, string[]> = {};
    roles.forEach((roleId, index) => {
      const role = roleAccount.get(roleId) as { account_id: number | null } | undefined;
      const fits = role !== undefined && (role.account_id === null || role.account_id === user.account_id);
      if (!assignable.has(roleId) || !fits) errors[`roles.${index}`] = [`The selected roles.${index} is invalid.`];
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    // Roles the caller could not have given are not theirs to take away either.
    const keep = userRoles(ctx.db, user.id).map((r) => r.id).filter((id) => !assignable.has(id));
    replaceRoles(ctx.db, user.id, keep, roles);
    sendRecord(res, userRoles(ctx.db, user.id));
  });

  // Every assignable role at once (`{data: [...]}`, by name): the list is short and the portal
  // offers all of them, so it must not depend on a page size.
  router.get('/user/roles', guard(users, 'browse'), (req, res) => {
    const ids = assignableRoleIds(req, ctx.db);
    const where = ids.length ? `roles.id IN (${ids.join(', ')})` : '1 = 0';
    const rows = ctx.db.prepare(`SELECT ${selectOf(roleResource)} FROM roles WHERE ${where} ORDER BY roles.name COLLATE NOCASE, roles.id`).all() as Row[];
    res.json({ data: rows.map((row) => toRecord(roleResource, row)) });
  });

  router.get('/users/:id/password-reset-email', guard(users, 'edit'), sameSiteOnly, (req, res) => {
    const user = loadScoped(req, ctx.db, users);
    if (!mayManageUser(req, ctx.db, user)) throw unauthorized();
    // The same mailed, expiring link as "Forgot password" (Fortify's broker).
    sendPasswordResetLink(ctx, String(user.email));
    res.json({ message: `A password reset link has been sent to ${String(user.email)}.` });
  });

  router.get('/users/:id/resend-email-verification', guard(users, 'edit'), sameSiteOnly, (req, res) => {
    const user = loadScoped(req, ctx.db, users);
    if (!mayManageUser(req, ctx.db, user)) throw unauthorized();
    const verified = ctx.db.prepare('SELECT email_verified_at FROM users WHERE id = ?').get(user.id) as { email_verified_at: string | null };
    if (verified.email_verified_at) {
      res.json({ message: 'This email address is already verified.' });
      return;
    }
    sendVerificationMail(ctx, { id: Number(user.id), email: String(user.email) });
    res.json({ message: `A new verification link has been sent to ${String(user.email)}.` });
  });

  return router;
};
