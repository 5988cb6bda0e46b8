import type { Database } from '../db/connection';
import { cachedStatement } from '../db/statements';

/** The signed-in user as the auth layer sees it (a users row minus the password hash). */
export interface AuthUser {
  id: number;
  account_id: number | null;
  name: string;
  email: string;
  email_verified_at: string | null;
  is_admin: number;
  theme_color: string | null;
}

const USER_COLUMNS = 'id, account_id, name, email, email_verified_at, is_admin, theme_color';

export function findUserById(db: Database, id: number): AuthUser | null {
  return (cachedStatement(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as AuthUser | undefined) ?? null;
}

export function findUserForLogin(db: Database, email: string): (AuthUser & { password_hash: string }) | null {
  return (
    (db.prepare(`SELECT ${USER_COLUMNS}, password_hash FROM users WHERE email = ?`).get(email) as
      | (AuthUser & { password_hash: string })
      | undefined) ?? null
  );
}

export function findUserByEmail(db: Database, email: string): AuthUser | null {
  return (db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?`).get(email) as AuthUser | undefined) ?? null;
}

export function userRoles(db: Database, userId: number): { id: number; name: string }[] {
  return db
    .prepare('SELECT r.id, r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.name, r.id')
    .all(userId) as { id: number; name: string }[];
}
