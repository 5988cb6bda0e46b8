import type { RuntimeConfig } from '../../config';

/** Sends the browser to the identity provider (OIDC implicit flow back to /login). */
export function startSso(sso: NonNullable<RuntimeConfig['sso']>): void {
  const nonce = crypto.randomUUID();
  sessionStorage.setItem('sso_nonce', nonce);
  const url = new URL(`${sso.authority.replace(/\/$/, '')}/authorize`);
  url.searchParams.set('client_id', sso.clientId);
  url.searchParams.set('response_type', 'id_token token');
  url.searchParams.set('scope', sso.scopes);
  url.searchParams.set('redirect_uri', `${window.location.origin}/login`);
  url.searchParams.set('nonce', nonce);
  window.location.assign(url.toString());
}

/** The tokens the provider put in the URL fragment on return, if any. */
export function readSsoReturn(hash: string): { idToken: string; accessToken: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = params.get('id_token');
  const accessToken = params.get('access_token');
  return idToken && accessToken ? { idToken, accessToken } : null;
}
