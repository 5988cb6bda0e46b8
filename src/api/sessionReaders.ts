import { readList, readRecord, parsePayload } from './envelope';
import { accountSchema } from './schemas/account';
import { permissionsSchema, type Permissions } from './schemas/permissions';
import { userSchema, type User } from './schemas/user';
import { z } from './zod';

/**
 * How the sign-in and session answers are checked (SPEC §7). Its own module so that zod and the
 * schemas load beside the first session call (auth.ts fetches and imports this in parallel), not
 * with the first page: a guest's /login needs none of it until they submit.
 */

const tokenSchema = z.object({ token: z.string() });

/** Fortify's JSON answer to POST /login; other backends answer nothing (a 204): no second factor. */
const loginAnswerSchema = z.looseObject({ two_factor: z.optional(z.boolean()) });

export const readUser = (payload: unknown): User => readRecord(userSchema, payload);
export const readPermissions = (payload: unknown): Permissions => readRecord(permissionsSchema, payload) as Permissions;
export const readAccounts = (payload: unknown) => readList(accountSchema, payload);
export const readToken = (payload: unknown): string => parsePayload(tokenSchema, payload).token;

/** The SSO exchange: a portal token, or (a user with two-factor) Fortify's `{two_factor: true}` and no token yet. */
const exchangeAnswerSchema = z.union([z.looseObject({ two_factor: z.literal(true) }), tokenSchema]);
export const readExchange = (payload: unknown): { token: string } | { twoFactor: true } => {
  const answer = parsePayload(exchangeAnswerSchema, payload);
  return 'token' in answer && typeof answer.token === 'string' ? { token: answer.token } : { twoFactor: true };
};
export const readsTwoFactor = (payload: unknown): boolean => parsePayload(loginAnswerSchema, payload).two_factor === true;
