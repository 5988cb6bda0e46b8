import type { Request } from 'express';
import type { Database } from '../db/connection';
import { requestedAccountId } from '../auth/accountScope';
import { currentUser } from '../auth/authenticate';
import { GLOBAL_LEVEL, type ModelName } from '../auth/models';
import { permissionsOf } from '../auth/permissions';
import { fieldError, unauthorized, ValidationError } from './errors';

/**
 * The account a new record of `model` goes to: a level-9 user's chosen `account_id` (the global
 * filter adds it to POST bodies) or their own; anyone else always their own account.
 */
export function targetAccountId(req: Request, db: Database, model: ModelName): number {
  const own = currentUser(req).account_id;
  if (permissionsOf(req)[model].level >= GLOBAL_LEVEL) {
    const chosen = requestedAccountId(req) ?? own;
    if (chosen === null) throw fieldError('account_id', 'The account id field is required.');
    if (!db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(chosen)) throw fieldError('account_id', 'The selected account id is invalid.');
    return chosen;
  }
  if (own === null) throw unauthorized();
  return own;
}

/**
 * Foreign keys in `values` must name rows of `accountId`: a record never links to another
 * account's LLM, bot or instance, even for a level-9 user.
 */
export function checkReferences(
  db: Database,
  references: Readonly<Record<string, string>> | undefined,
  values: Record<string, unknown>,
  accountId: number | null,
): void {
  const errors: Record<string, string[]> = {};
  for (const [column, table] of Object.entries(references ?? {})) {
    const id = values[column];
    if (id === undefined || id === null) continue;
    const row = db.prepare(`SELECT account_id FROM ${table} WHERE id = ?`).get(id) as { account_id: number } | undefined;
    if (!row || row.account_id !== accountId) errors[column] = [`The selected ${column.replace(/_/g, ' ')} is invalid.`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
