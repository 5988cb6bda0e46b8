import type { Request } from 'express';
import { fieldError } from '../http/errors';
import { GLOBAL_LEVEL, type ModelName } from './models';
import { permissionsOf } from './permissions';

/**
 * Which accounts' rows a request may see or touch for one model:
 * - `all`: level 9 on the model and no account filter;
 * - `account`: exactly one account (the user's own, or the filter a level-9 user chose);
 * - `none`: nothing (a lower-level user filtering on a foreign account, or a user without one).
 */
export type AccountScope = { kind: 'all' } | { kind: 'account'; accountId: number } | { kind: 'none' };

/** The portal's global account filter (SPEC §7): `account_id` in the query for GET, in the body otherwise. */
export function requestedAccountId(req: Request): number | undefined {
  const fromQuery = req.query.account_id;
  const body: unknown = req.body;
  const fromBody = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).account_id : undefined;
  const value = fromQuery ?? fromBody;
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value);
  if (!/^[1-9]\d{0,15}$/.test(text)) throw fieldError('account_id', 'The account id field must be an integer.');
  return Number(text);
}

/**
 * The account scope of the signed-in user for `model`. A filter only ever narrows what the
 * user's level allows: it never widens a lower-level user beyond their own account.
 */
export function accountScope(req: Request, model: ModelName): AccountScope {
  const level = permissionsOf(req)[model].level;
  const requested = requestedAccountId(req);
  if (level >= GLOBAL_LEVEL) return requested === undefined ? { kind: 'all' } : { kind: 'account', accountId: requested };
  const own = req.auth?.user.account_id ?? null;
  if (own === null || (requested !== undefined && requested !== own)) return { kind: 'none' };
  return { kind: 'account', accountId: own };
}

/** The scope as a SQL condition on `column` (trusted SQL, never user input). */
export function scopeCondition(scope: AccountScope, column: string): { sql: string; params: unknown[] } {
  switch (scope.kind) {
    case 'all': return { sql: '1 = 1', params: [] };
    case 'account': return { sql: `${column} = ?`, params: [scope.accountId] };
    case 'none': return { sql: '1 = 0', params: [] };
  }
}

/** Whether a row of `accountId` lies inside the scope (single-record reads and writes). */
export function inScope(scope: AccountScope, accountId: number | null): boolean {
  return scope.kind === 'all' || (scope.kind === 'account' && scope.accountId === accountId);
}
