import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { appSecret } from '../mail/links';

/**
 * Laravel's `encrypt()` for values the server must read back (two-factor secrets and recovery
 * codes): AES-256-GCM under a key derived from the app secret, so a copy of the database alone
 * does not hand out anyone's second factor.
 */
function key(db: Database, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}|${appSecret(db)}`).digest();
}

export function sealSecret(db: Database, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(db, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The plain text, or null when the value was sealed under another key or altered. */
export function openSecret(db: Database, purpose: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(db, purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
