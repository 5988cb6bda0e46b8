import { fromPromise } from 'xstate';
import type { AuthApi, Credentials, TwoFactorAnswer } from '../api/auth';
import { readCookie } from '../api/cookies';
import type { SsoSettings, SsoTokens } from '../api/sso';
import type { RuntimeConfig } from '../config';

/**
 * The auth statechart's sign-in branches beside the plain password (Fortify's second factor, the
 * identity provider) and the sign-out that may offer the provider's end-session: the network
 * behind the machine's actor placeholders, handed to `authMachine.provide` by the root.
 */
export function createAuthBranchActors(deps: { authApi: AuthApi; sso: SsoSettings | undefined; cookies: RuntimeConfig['cookies'] }) {
  const { authApi, sso, cookies } = deps;
  const ssoSettings = (): SsoSettings => {
    if (!sso) throw new Error('Single sign-on is not configured for this portal.');
    return sso;
  };
  return {
    signIn: fromPromise<{ twoFactor: boolean }, Credentials>(async ({ input, signal }) => {
      await authApi.csrfCookie(signal);
      return authApi.login(input, signal);
    }),
    submitTwoFactor: fromPromise<void, TwoFactorAnswer>(({ input, signal }) => authApi.twoFactorChallenge(input, signal)),
    // The SSO calls (and oidc-client-ts behind them) load only when SSO is used: not on /login's first paint.
    startSso: fromPromise<void, { redirect: string | null }>(async ({ input }) => (await import('../api/sso')).startSsoSignIn(ssoSettings(), input.redirect)),
    completeSso: fromPromise<SsoTokens, { url: string }>(async ({ input }) => (await import('../api/sso')).completeSsoSignIn(ssoSettings(), input.url)),
    endProviderSession: fromPromise<void, { idToken: string }>(async ({ input }) =>
      (await import('../api/sso')).startSsoSignOut(ssoSettings(), input.idToken),
    ),
    /** Reads the identity token before the tokens are cleared: an SSO session can then end at the provider too. */
    signOut: fromPromise<{ endSessionHint: string | null }, void>(async ({ signal }) => {
      const idToken = typeof document === 'undefined' ? null : readCookie(cookies.idToken);
      await authApi.logout(signal);
      return { endSessionHint: sso && idToken ? idToken : null };
    }),
  };
}
