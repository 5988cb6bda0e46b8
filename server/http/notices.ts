import type { Request } from 'express';

/** A message the API would have e-mailed; kept for the mail engineer's outbox to replace. */
export interface Notice {
  to: string;
  subject: string;
  at: string;
}

const KEY = 'portalNotices';
const KEEP = 100;

/**
 * Records an e-mail that is not sent yet: kept on the app (newest last, bounded) and printed
 * outside tests, so a tester running the server sees what would have gone out.
 */
export function recordNotice(req: Request, notice: Omit<Notice, 'at'>): Notice {
  const entry: Notice = { ...notice, at: new Date().toISOString() };
  const list = ((req.app.locals[KEY] as Notice[] | undefined) ??= []);
  list.push(entry);
  if (list.length > KEEP) list.splice(0, list.length - KEEP);
  if (!process.env.VITEST) process.stdout.write(`[mail] to ${entry.to}: ${entry.subject}\n`);
  return entry;
}
