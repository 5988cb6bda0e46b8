import { hashPassword } from '../auth/password';
import { confirmTwoFactor, enableTwoFactor } from '../auth/twoFactor';
import { SSO_DEMO_EMAIL } from '../oidc/accounts';
import { GLOBAL_LEVEL, MODEL_NAMES, type ModelName, type ModelPermission } from '../auth/models';
import { areaSeeders } from './seeds';
import type { Database } from './connection';

/** The demo user with two-factor on; main.ts prints its secret for local use. */
export const TWO_FACTOR_DEMO_EMAIL = '2fa@example.com';

/** Every demo user signs in with this password; main.ts prints it with the addresses. */
export const DEMO_PASSWORD = 'password';

const ACCOUNTS = ['Acme Support', 'Globex Sales', 'Initech Care'] as const;
type AccountName = (typeof ACCOUNTS)[number];

type Grants = Partial<Record<ModelName, ModelPermission>>;

function everyModel(permission: ModelPermission): Grants {
  return Object.fromEntries(MODEL_NAMES.map((model) => [model, permission]));
}

function withoutModel(grants: Grants, model: ModelName): Grants {
  return Object.fromEntries(Object.entries(grants).filter(([name]) => name !== model));
}

const ALL_ACTIONS = { browse: true, read: true, edit: true, add: true, delete: true };

interface DemoRole {
  name: string;
  description: string;
  account: AccountName;
  grants: Grants;
}

const ROLES = {
  administrator: {
    name: 'Administrator',
    description: 'Every section, every action, every account.',
    account: 'Acme Support',
    grants: everyModel({ ...ALL_ACTIONS, level: GLOBAL_LEVEL }),
  },
  staff: {
    name: 'Staff',
    description: 'Every section and action, own account only.',
    account: 'Acme Support',
    grants: everyModel({ ...ALL_ACTIONS, level: 1 }),
  },
  botsManager: {
    name: 'Bots Manager',
    description: 'Manages bots of their own account; nothing else.',
    account: 'Initech Care',
    grants: { Bots: { ...ALL_ACTIONS, level: 1 } },
  },
  viewer: {
    name: 'Viewer',
    description: 'Read-only access to every section of their own account.',
    account: 'Globex Sales',
    // Reads every section, but is no supervisor: watching live work (Live-Watch) is not theirs.
    grants: withoutModel(everyModel({ browse: true, read: true, edit: false, add: false, delete: false, level: 1 }), 'Live-Watch'),
  },
} satisfies Record<string, DemoRole>;

export interface DemoSignIn {
  email: string;
  name: string;
  /** What a tester uses this sign-in for (printed at start-up). */
  purpose: string;
  account: AccountName;
  role: keyof typeof ROLES;
  isAdmin: boolean;
  verified: boolean;
  themeColor: string | null;
  /** Two-factor on and confirmed, with a secret generated for this database (printed at start). */
  twoFactor?: boolean;
}

export const DEMO_SIGN_INS: readonly DemoSignIn[] = [
  {
    email: 'admin@example.com', name: 'Avery Admin', account: 'Acme Support', role: 'administrator',
    isAdmin: true, verified: true, themeColor: '#4f46e5',
    purpose: 'administrator: every section and action, all accounts (level 9), Global access',
  },
  {
    email: 'bots@example.com', name: 'Blake Bots', account: 'Initech Care', role: 'botsManager',
    isAdmin: false, verified: true, themeColor: '#b45309',
    purpose: 'exactly one permitted section (Bots, own account): lands straight on /bots',
  },
  {
    email: 'unverified@example.com', name: 'Uma Unverified', account: 'Acme Support', role: 'staff',
    isAdmin: false, verified: false, themeColor: null,
    purpose: 'email not verified: API answers 403 "Your email address is not verified."',
  },
  {
    email: 'viewer@example.com', name: 'Vic Viewer', account: 'Globex Sales', role: 'viewer',
    isAdmin: false, verified: true, themeColor: '#0f766e',
    purpose: 'read-only (browse + read) on every section, Globex Sales only',
  },
  {
    email: TWO_FACTOR_DEMO_EMAIL, name: 'Toni Twofactor', account: 'Acme Support', role: 'staff',
    isAdmin: false, verified: true, themeColor: '#be185d', twoFactor: true,
    purpose: 'two-factor on: after the password, a code from an authenticator (secret below)',
  },
  {
    email: SSO_DEMO_EMAIL, name: 'Sam Single-Sign-On', account: 'Acme Support', role: 'staff',
    isAdmin: false, verified: true, themeColor: '#0369a1',
    purpose: 'single sign-on: "Sign in with single sign-on", then this address at the local provider',
  },
];

/** True when the database has no data yet (a fresh file or ':memory:'). */
function isEmpty(db: Database): boolean {
  const row = db.prepare('SELECT (SELECT COUNT(*) FROM accounts) + (SELECT COUNT(*) FROM users) AS n').get() as { n: number };
  return row.n === 0;
}

/**
 * Fills an empty database with the demo accounts, roles and sign-ins. A database that already
 * holds data is left alone, so restarting never undoes what testers changed.
 * Returns whether it seeded.
 */
export async function seed(db: Database): Promise<boolean> {
  if (!isEmpty(db)) return false;
  // Hash first (async, off the main thread), then write everything in one transaction.
  const hashes = await Promise.all(DEMO_SIGN_INS.map(() => hashPassword(DEMO_PASSWORD)));

  db.transaction(() => {
    const accountIds = new Map<AccountName, number>();
    const insertAccount = db.prepare('INSERT INTO accounts (name) VALUES (?)');
    for (const name of ACCOUNTS) accountIds.set(name, Number(insertAccount.run(name).lastInsertRowid));
    const accountId = (name: AccountName) => accountIds.get(name) as number;

    const roleIds = new Map<string, number>();
    const insertRole = db.prepare('INSERT INTO roles (account_id, name, description) VALUES (?, ?, ?)');
    const insertGrant = db.prepare(
      'INSERT INTO role_permissions (role_id, model, browse, read, edit, "add", "delete", level) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const [key, role] of Object.entries(ROLES) as [string, DemoRole][]) {
      const roleId = Number(insertRole.run(accountId(role.account), role.name, role.description).lastInsertRowid);
      roleIds.set(key, roleId);
      for (const [model, p] of Object.entries(role.grants) as [ModelName, ModelPermission][]) {
        insertGrant.run(roleId, model, +p.browse, +p.read, +p.edit, +p.add, +p.delete, p.level);
      }
    }

    const insertUser = db.prepare(`
      INSERT INTO users (account_id, name, email, password_hash, email_verified_at, is_admin, theme_color)
      VALUES (?, ?, ?, ?, CASE WHEN ? THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END, ?, ?)`);
    const insertUserRole = db.prepare('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)');
    DEMO_SIGN_INS.forEach((user, index) => {
      const userId = Number(
        insertUser.run(accountId(user.account), user.name, user.email, hashes[index], +user.verified, +user.isAdmin, user.themeColor)
          .lastInsertRowid,
      );
      insertUserRole.run(userId, roleIds.get(user.role));
      if (user.twoFactor) {
        enableTwoFactor(db, userId);
        confirmTwoFactor(db, userId);
      }
    });
    // Each area's demo data, in order, inside the same transaction: all or nothing.
    for (const seedArea of areaSeeders) seedArea(db);
  })();
  return true;
}
