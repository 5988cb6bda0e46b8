import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import type { Database } from '../db/connection';
import { safeEqual, sha256Hex } from '../auth/tokens';

/** Laravel's default `auth.verification.expire` and `auth.passwords.users.expire`: 60 minutes. */
export const VERIFICATION_LINK_MINUTES = 60;
export const RESET_TOKEN_MINUTES = 60;

/** What the verification route answers for an expired or tampered link (SPEC §5 keys on it). */
export const INVALID_LINK_MESSAGE = 'Invalid/Expired url provided.';

/** API path of the verification route; the portal follows it from /email-verification-confirmation. */
export const VERIFY_PATH_PREFIX = '/api/v1/email/verify';

const secrets = new WeakMap<Database, string>();

/**
 * The key that signs verification links: `APP_KEY` when set, else a random key generated once per
 * database and stored in it, so links keep working across restarts of the same database.
 */
export function appSecret(db: Database): string {
  const fromEnv = process.env.APP_KEY?.trim();
  if (fromEnv) return fromEnv;
  const cached = secrets.get(db);
  if (cached) return cached;
  db.prepare('INSERT OR IGNORE INTO app_secrets (name, value) VALUES (?, ?)').run('link_signing', randomBytes(32).toString('hex'));
  const row = db.prepare("SELECT value FROM app_secrets WHERE name = 'link_signing'").get() as { value: string };
  secrets.set(db, row.value);
  return row.value;
}

/** Laravel puts sha1(email) in the link; a hash of the address ties the link to the address it was sent to. */
export function emailHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

function signature(secret: string, userId: number, hash: string, expires: number): string {
  return createHmac('sha256', secret).update(`${userId}|${hash}|${expires}`).digest('hex');
}

/** `/api/v1/email/verify/{id}/{hash}?expires=<unix s>&signature=<hmac>`. */
export function signedVerificationPath(secret: string, user: { id: number; email: string }, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const hash = emailHash(user.email);
  return `${VERIFY_PATH_PREFIX}/${user.id}/${hash}?expires=${expires}&signature=${signature(secret, user.id, hash, expires)}`;
}

/** True when the signature matches and the link has not expired (checked in constant time). */
export function verifySignedLink(
  secret: string,
  parts: { id: number; hash: string; expires: unknown; signature: unknown },
  now = Date.now(),
): boolean {
  if (typeof parts.expires !== 'string' || !/^\d{1,12}$/.test(parts.expires)) return false;
  if (typeof parts.signature !== 'string' || !/^[0-9a-f]{64}$/.test(parts.signature)) return false;
  const expires = Number(parts.expires);
  if (!safeEqual(parts.signature, signature(secret, parts.id, parts.hash, expires))) return false;
  return expires * 1000 > now;
}

/**
 * Where the portal runs, for links in mail: `PORTAL_URL`, else the listen address. Never the
 * request's Host or X-Forwarded-*: whoever forges those would receive other people's reset links.
 */
export function portalOrigin(ctx: AppContext): string | null {
  return ctx.site.origin;
}

/** Only same-site paths may ride along as the "continue to" target of a mailed link. */
export function safeRedirectPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\\]/.test(raw) || raw.length > 500) return null;
  return raw;
}

/** The portal page that follows the signed API link, then continues to `redirect`. */
export function verificationPageLink(origin: string, apiPath: string, redirect: string | null): string {
  const query = new URLSearchParams({ url: apiPath });
  if (redirect) query.set('redirect', redirect);
  return `${origin}/email-verification-confirmation?${query.toString()}`;
}

export function resetPageLink(origin: string, token: string, email: string): string {
  return `${origin}/reset-password?${new URLSearchParams({ token, email }).toString()}`;
}
