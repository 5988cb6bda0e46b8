import type { Response } from 'express';
import type { Database } from '../db/connection';
import { HttpError } from './errors';

/**
 * How many CSV exports one user may have running at once. An export holds a connection and
 * reads the whole list; without a cap one user could start dozens and share the server's time
 * among them. The next one is a 429 with Retry-After until one ends (finished, cancelled or
 * timed out).
 */
export const MAX_EXPORTS_PER_USER = 2;
const RETRY_AFTER_SECONDS = 10;

/** Per server (tests run several in one process): user id → exports running. */
const running = new WeakMap<Database, Map<number, number>>();

/** Takes one of the user's export slots, or throws the 429. The returned release is safe to call twice. */
export function takeExportSlot(db: Database, res: Response, userId: number): () => void {
  let users = running.get(db);
  if (!users) running.set(db, (users = new Map()));
  const now = users.get(userId) ?? 0;
  if (now >= MAX_EXPORTS_PER_USER) {
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    throw new HttpError(
      429,
      `You already have ${MAX_EXPORTS_PER_USER} exports running. Wait for one to finish (or cancel it), then try again in ${RETRY_AFTER_SECONDS} seconds.`,
    );
  }
  users.set(userId, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (users.get(userId) ?? 1) - 1;
    if (left > 0) users.set(userId, left);
    else users.delete(userId);
  };
}
