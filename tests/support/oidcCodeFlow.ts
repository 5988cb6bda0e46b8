import { createHash, randomBytes } from 'node:crypto';
import { CookieJar } from './cookieJar';

/**
 * What a relying party does against an OpenID provider, over real HTTP with manual redirects:
 * authorization request with PKCE and state, the provider's sign-in form, the code back at the
 * redirect URI, and the code exchange at the token endpoint. Used by the contract tests to get
 * real tokens from the reference server's local provider.
 */
export interface CodeFlowResult {
  /** The redirect back to the portal (`…/login?code=…&state=…` or `?error=…`). */
  callback: URL;
  tokens?: { id_token: string; access_token: string };
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

async function follow(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('Cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

/** Follows redirects until one leaves the provider (`stopAt`) or a page is rendered. */
async function walk(jar: CookieJar, start: Response, stopAt: string): Promise<{ page?: Response; callback?: URL }> {
  let response = start;
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (!location || response.status < 300 || response.status >= 400) return { page: response };
    const next = new URL(location, response.url || stopAt);
    if (next.href.startsWith(stopAt)) return { callback: next };
    response = await follow(jar, next.href);
  }
  throw new Error('too many redirects');
}

export async function runCodeFlow(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** Press the provider page's Cancel instead of signing in. */
  cancel?: boolean;
}): Promise<CodeFlowResult & { state: string }> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const auth = new URL(`${options.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: options.redirectUri,
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();

  const first = await walk(jar, await follow(jar, auth.href), options.redirectUri);
  const page = first.page;
  if (!page || page.status !== 200) throw new Error(`no sign-in page (status ${page?.status})`);
  const uid = /\/interaction\/([^/?#]+)/.exec(page.url)?.[1];
  if (!uid || !(await page.text()).includes(`/interaction/${uid}/login`)) throw new Error('no sign-in form');
  const origin = new URL(options.issuer).origin;
  const action = `${origin}/oidc/interaction/${uid}/${options.cancel ? 'abort' : 'login'}`;
  const submitted = await follow(jar, action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email, password: options.password }).toString(),
  });
  const back = await walk(jar, submitted, options.redirectUri);
  if (!back.callback) throw new Error(`the provider did not redirect back (status ${back.page?.status}: ${await back.page?.text()})`);
  const code = back.callback.searchParams.get('code');
  if (!code) return { callback: back.callback, state };

  const tokenResponse = await fetch(`${options.issuer}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      client_id: options.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (!tokenResponse.ok) throw new Error(`token endpoint answered ${tokenResponse.status}: ${await tokenResponse.text()}`);
  return { callback: back.callback, state, tokens: (await tokenResponse.json()) as CodeFlowResult['tokens'] };
}
