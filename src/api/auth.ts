import { readList, readRecord, parsePayload } from './envelope';
import { ApiError } from './errors';
import type { Http } from './http';
import { accountSchema } from './schemas/account';
import { permissionsSchema, type Permissions } from './schemas/permissions';
import { userSchema, type User } from './schemas/user';
import { z } from './zod';

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

const tokenSchema = z.object({ token: z.string() });

/** SPEC §8: what the login flow says when the server signs in but no user comes back. */
export const NO_USER_AFTER_LOGIN = 'Unable to fetch user after login, check your API settings.';

/** No user at all (an empty body, `{data: null}`): SPEC's own message, not a parse failure. */
function isNoUser(payload: unknown): boolean {
  if (payload === undefined || payload === null || payload === '') return true;
  return typeof payload === 'object' && !Array.isArray(payload) && (payload as { data?: unknown }).data == null;
}

/** Fortify's JSON answer to POST /login; other backends answer nothing (a 204): no second factor. */
const loginAnswerSchema = z.looseObject({ two_factor: z.optional(z.boolean()) });

/** Fortify's second factor: a code from the authenticator, or one of the recovery codes. */
export type TwoFactorAnswer = { code: string } | { recovery_code: string };

export function createAuthApi(http: Http) {
  return {
    /** Sanctum's handshake: sets the XSRF-TOKEN cookie every later write echoes. */
    async csrfCookie(signal?: AbortSignal): Promise<void> {
      await http.root.get('/sanctum/csrf-cookie', { signal });
    },
    /** Signs in with the password; `twoFactor` says the server waits for POST /two-factor-challenge. */
    async login(credentials: Credentials, signal?: AbortSignal): Promise<{ twoFactor: boolean }> {
      const response = await http.root.post('/login', credentials, { signal });
      const payload = response.data === '' || response.data === null || response.data === undefined ? {} : response.data;
      return { twoFactor: parsePayload(loginAnswerSchema, payload).two_factor === true };
    },
    async twoFactorChallenge(answer: TwoFactorAnswer, signal?: AbortSignal): Promise<void> {
      await http.root.post('/two-factor-challenge', answer, { signal });
    },
    async logout(signal?: AbortSignal): Promise<void> {
      await http.root.post('/logout', undefined, { signal });
    },
    async fetchUser(signal?: AbortSignal): Promise<User> {
      const response = await http.api.get('/v1/users/auth', { signal });
      if (isNoUser(response.data)) {
        throw new ApiError({ status: response.status, detail: NO_USER_AFTER_LOGIN, serverDetail: `GET /v1/users/auth answered ${response.status} without a user` });
      }
      return readRecord(userSchema, response.data);
    },
    async fetchPermissions(signal?: AbortSignal): Promise<Permissions> {
      const response = await http.api.get('/v1/user/permissions', { signal });
      return readRecord(permissionsSchema, response.data) as Permissions;
    },
    /** SSO: trade the identity provider's tokens for a portal token (no stored tokens sent). */
    async exchangeIdentityToken(input: { idToken: string; accessToken: string; deviceName: string }, signal?: AbortSignal): Promise<string> {
      const response = await http.api.post(
        '/v1/auth/token/ad',
        { device_name: input.deviceName },
        { signal, withoutStoredTokens: true, headers: { authorization: `Bearer ${input.idToken}`, accesstoken: input.accessToken } },
      );
      return parsePayload(tokenSchema, response.data).token;
    },
    async fetchAccounts(signal?: AbortSignal) {
      const response = await http.api.get('/v1/accounts/', { signal, query: { show: 100, page: 1 } });
      return readList(accountSchema, response.data);
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
