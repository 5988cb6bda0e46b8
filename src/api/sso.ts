import type { RuntimeConfig } from '../config';
import { ApiError } from './errors';

/**
 * OpenID Connect sign-in through oidc-client-ts: authorization code + PKCE, with state and the id
 * token's nonce and subject checked by the library. oidc-client-ts 3 does not check the id token's
 * signature, issuer, audience or expiry: the API does, with the provider's JWKS, at the exchange.
 * The library is imported only when one of these runs, so it never weighs on the login page.
 */
export type SsoSettings = NonNullable<RuntimeConfig['sso']>;

export interface SsoTokens {
  idToken: string;
  accessToken: string;
  /** The `?redirect=` the sign-in started with, back from the OIDC state (checked again at landing). */
  redirect?: string | null;
}

/** Why the provider could not be used or its answer was refused: the text /login shows. */
export class SsoReturnError extends ApiError {
  constructor(
    message: string,
    readonly reason: 'cancelled' | 'mismatch' | 'failed',
  ) {
    super({ detail: message, status: 0 });
    this.name = 'SsoReturnError';
  }
}

async function userManager(settings: SsoSettings) {
  const { InMemoryWebStorage, UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const origin = window.location.origin;
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${origin}${settings.redirectPath}`,
    post_logout_redirect_uri: `${origin}/login`,
    response_type: 'code',
    scope: settings.scopes,
    // The tokens live in their cookies (SPEC §9), never in the library's user store.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    // The pending request (state, nonce, PKCE verifier) must survive the redirect, in this tab only.
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
  });
}

/** Sends the browser to the provider's sign-in page (resolves only if navigation fails to start). */
export async function startSsoSignIn(settings: SsoSettings, redirect: string | null = null): Promise<void> {
  try {
    await (await userManager(settings)).signinRedirect({ state: { redirect } });
  } catch {
    throw new SsoReturnError('The identity provider could not be reached. Please try again later.', 'failed');
  }
}

/**
 * Completes the sign-in from the URL the provider sent the browser back to: the library matches
 * the state to the request it stored, exchanges the code with the PKCE verifier and checks the id
 * token's nonce and subject.
 */
export async function completeSsoSignIn(settings: SsoSettings, url: string): Promise<SsoTokens> {
  const { ErrorResponse } = await import('oidc-client-ts');
  try {
    const user = await (await userManager(settings)).signinRedirectCallback(url);
    if (!user.id_token || !user.access_token) throw new SsoReturnError('The identity provider sent no identity token.', 'failed');
    const redirect = (user.state as { redirect?: unknown } | undefined)?.redirect;
    return { idToken: user.id_token, accessToken: user.access_token, redirect: typeof redirect === 'string' ? redirect : null };
  } catch (error) {
    if (error instanceof SsoReturnError) throw error;
    if (error instanceof ErrorResponse && error.error === 'access_denied') {
      throw new SsoReturnError('The sign-in was cancelled at the identity provider.', 'cancelled');
    }
    if (error instanceof Error && /matching state|nonce/i.test(error.message)) {
      throw new SsoReturnError('The sign-in response did not match a sign-in started here, so it was refused. Please try again.', 'mismatch');
    }
    const detail = error instanceof ErrorResponse ? (error.error_description ?? error.error) : error instanceof Error ? error.message : null;
    throw new SsoReturnError(`The identity provider's answer could not be used${detail ? `: ${detail}` : '.'}`, 'failed');
  }
}

/** RP-initiated logout at the provider (its end-session endpoint), back to /login. */
export async function startSsoSignOut(settings: SsoSettings, idTokenHint: string): Promise<void> {
  try {
    await (await userManager(settings)).signoutRedirect({ id_token_hint: idTokenHint });
  } catch {
    throw new SsoReturnError('The identity provider could not be reached to sign out there.', 'failed');
  }
}
