import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import type { VerifiedIdentity } from './identityToken';
import { sha256Hex } from './tokens';
import { findUserByEmail, findUserById, type AuthUser } from './users';

/**
 * The portal user a verified identity belongs to: the user already linked to (issuer, subject),
 * else, on the first sign-in only, the user whose address the provider has verified
 * (`email_verified: true`) and who has verified it with the portal too; that sign-in links them.
 * Nobody is created here, and an identity the portal does not know is refused.
 */
export function userForIdentity(db: Database, identity: VerifiedIdentity): AuthUser | null {
  const linked = db.prepare('SELECT user_id FROM sso_identities WHERE issuer = ? AND subject = ?').get(identity.issuer, identity.subject) as
    | { user_id: number }
    | undefined;
  if (linked) return findUserById(db, linked.user_id);
  const user = identity.email ? findUserByEmail(db, identity.email) : null;
  // An unverified portal account may have been registered by anyone under that address.
  if (!user?.email_verified_at) return null;
  db.prepare('INSERT OR IGNORE INTO sso_identities (issuer, subject, user_id) VALUES (?, ?, ?)').run(identity.issuer, identity.subject, user.id);
  return user;
}

/**
 * Takes an identity token once: false when it was already taken (a replay). The hash is kept
 * until the token expires, after which its signature check refuses it anyway.
 */
export function spendIdentityToken(db: Database, token: string, expiresAt: Date): boolean {
  db.prepare('DELETE FROM sso_spent_tokens WHERE expires_at < ?').run(nowIso());
  const result = db.prepare('INSERT OR IGNORE INTO sso_spent_tokens (token_hash, expires_at) VALUES (?, ?)').run(sha256Hex(token), expiresAt.toISOString());
  return result.changes === 1;
}
