import type { Request } from 'express';
import type { Database } from '../../../db/connection';
import { accountScope, inScope } from '../../../auth/accountScope';
import { notFound } from '../../errors';
import type { ReviewedConversation } from '../../../review/evaluations';

const NOT_FOUND = 'Conversation not found.';

/** The conversation `:id` names (numeric id or uuid), inside the caller's Reporting scope, else 404. */
export function reviewedConversation(db: Database, req: Request): ReviewedConversation {
  const key = String(req.params.id ?? '');
  const byId = /^[1-9]\d{0,15}$/.test(key);
  if (!byId && !/^[0-9a-f-]{36}$/i.test(key)) throw notFound(NOT_FOUND);
  const row = db
    .prepare(`SELECT id, uuid, account_id, role_id, instance_id, bot_id, started_at, duration_seconds FROM conversations WHERE ${byId ? 'id' : 'uuid'} = ?`)
    .get(byId ? Number(key) : key.toLowerCase()) as ReviewedConversation | undefined;
  if (!row || !inScope(accountScope(req, 'Reporting'), row.account_id)) throw notFound(NOT_FOUND);
  return row;
}

/** The signed-in user (review routes run after requireAuth). */
export function reviewer(req: Request): { id: number; name: string } {
  const user = req.auth?.user;
  if (!user) throw notFound();
  return { id: user.id, name: user.name };
}
