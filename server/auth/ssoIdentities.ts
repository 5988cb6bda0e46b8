import type { Database } from '../db/connection';
import type { VerifiedIdentity } from './identityToken';
import { findUserByEmail, findUserById, type AuthUser } from './users';

/**
 * The portal user a verified identity belongs to: the user already linked to (issuer, subject),
 * else the user with the token's (verified) email, whom this first sign-in then links. Nobody
 * is created here: an identity the portal does not know is refused.
 */
export function userForIdentity(db: Database, identity: VerifiedIdentity): AuthUser | null {
  const linked = db.prepare('SELECT user_id FROM sso_identities WHERE issuer = ? AND subject = ?').get(identity.issuer, identity.subject) as
    | { user_id: number }
    | undefined;
  if (linked) return findUserById(db, linked.user_id);
  const user = identity.email ? findUserByEmail(db, identity.email) : null;
  if (user) db.prepare('INSERT OR IGNORE INTO sso_identities (issuer, subject, user_id) VALUES (?, ?, ?)').run(identity.issuer, identity.subject, user.id);
  return user;
}
