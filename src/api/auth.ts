import { ApiError } from './errors';
import { ACCOUNTS_CALL, SESSION_READ_PATHS } from './firstCalls';
import type { Http } from './http';
import type { Permissions } from './schemas/permissions';
import type { User } from './schemas/user';

/**
 * The session's readers (zod and the schemas) load in parallel with the call that needs them, so
 * the first page's bundle holds the calls only and no answer waits for code.
 */
const readers = () => import('./sessionReaders');

/** The answer to `request` together with the readers, both in flight at once. */
const withReaders = <R>(request: Promise<R>) => Promise.all([request, readers()]);

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

/** SPEC §8: what the login flow says when the server signs in but no user comes back. */
export const NO_USER_AFTER_LOGIN = 'Unable to fetch user after login, check your API settings.';

/** No user at all (an empty body, `{data: null}`): SPEC's own message, not a parse failure. */
function isNoUser(payload: unknown): boolean {
  if (payload === undefined || payload === null || payload === '') return true;
  return typeof payload === 'object' && !Array.isArray(payload) && (payload as { data?: unknown }).data == null;
}

/** Who the session is: what a restore reads. */
export interface SessionAnswer {
  user: User;
  permissions: Permissions;
}

/** Fortify's second factor: a code from the authenticator, or one of the recovery codes. */
export type TwoFactorAnswer = { code: string } | { recovery_code: string };

export function createAuthApi(http: Http) {
  const api = {
    /** Sanctum's handshake: sets the XSRF-TOKEN cookie every later write echoes. */
    async csrfCookie(signal?: AbortSignal): Promise<void> {
      await http.root.get('/sanctum/csrf-cookie', { signal });
    },
    /** Signs in with the password; `twoFactor` says the server waits for POST /two-factor-challenge. */
    async login(credentials: Credentials, signal?: AbortSignal): Promise<{ twoFactor: boolean }> {
      const [response, read] = await withReaders(http.root.post('/login', credentials, { signal }));
      // Other backends than Fortify answer nothing (a 204): no second factor.
      const payload = response.data === '' || response.data === null || response.data === undefined ? {} : response.data;
      return { twoFactor: read.readsTwoFactor(payload) };
    },
    async twoFactorChallenge(answer: TwoFactorAnswer, signal?: AbortSignal): Promise<void> {
      await http.root.post('/two-factor-challenge', answer, { signal });
    },
    async logout(signal?: AbortSignal): Promise<void> {
      await http.root.post('/logout', undefined, { signal });
    },
    async fetchUser(signal?: AbortSignal): Promise<User> {
      const [response, read] = await withReaders(http.api.get(SESSION_READ_PATHS.user, { signal }));
      if (isNoUser(response.data)) {
        throw new ApiError({ status: response.status, detail: NO_USER_AFTER_LOGIN, serverDetail: `GET /v1/users/auth answered ${response.status} without a user` });
      }
      return read.readUser(response.data);
    },
    async fetchPermissions(signal?: AbortSignal): Promise<Permissions> {
      const [response, read] = await withReaders(http.api.get(SESSION_READ_PATHS.permissions, { signal }));
      return read.readPermissions(response.data);
    },
    /** A restore's read: user and permissions together (nothing typed depends on the order), one round trip before the first page's call. */
    async fetchSession(signal?: AbortSignal): Promise<SessionAnswer> {
      const [user, permissions] = await Promise.all([api.fetchUser(signal), api.fetchPermissions(signal)]);
      return { user, permissions };
    },
    /**
     * SSO: trade the identity provider's tokens for a portal token (no stored tokens sent). A user
     * with two-factor gets `{twoFactor: true}` instead: the server waits for POST /two-factor-challenge.
     */
    async exchangeIdentityToken(
      input: { idToken: string; accessToken: string; deviceName: string },
      signal?: AbortSignal,
    ): Promise<{ token: string } | { twoFactor: true }> {
      const [response, read] = await withReaders(
        http.api.post(
          '/v1/auth/token/ad',
          { device_name: input.deviceName },
          { signal, withoutStoredTokens: true, headers: { authorization: `Bearer ${input.idToken}`, accesstoken: input.accessToken } },
        ),
      );
      return read.readExchange(response.data);
    },
    async fetchAccounts(signal?: AbortSignal) {
      // The filter's choices are every account whatever the filter holds now: an empty account_id
      // keeps the transport from narrowing this list to the chosen account (it is left out of the URL).
      const [response, read] = await withReaders(http.api.get(ACCOUNTS_CALL.path, { signal, query: { ...ACCOUNTS_CALL.query, account_id: '' } }));
      return read.readAccounts(response.data);
    },
  };
  return api;
}

export type AuthApi = ReturnType<typeof createAuthApi>;
