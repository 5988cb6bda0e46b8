// @vitest-environment jsdom
// jsdom: the SSO branch writes the token cookies (SPEC §9) and runs oidc-client-ts, which need a window.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { readCookie } from '../../src/api/cookies';
import type { Permissions } from '../../src/api/schemas/permissions';
import type { User } from '../../src/api/schemas/user';
import { SsoReturnError, type SsoTokens } from '../../src/api/sso';
import { authMachine, NO_USER_AFTER_LOGIN, SSO_FAILED, TWO_FACTOR_FAILED } from '../../src/machines/auth';
import { API, adminUser, permissionsFor, signInHandlers } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';
import { authSettled, startTestPortal } from '../support/portal';

const SSO = { sso: { authority: `${API}/oidc`, clientId: 'agent-portal', scopes: 'openid profile email' } };
const tokens = { idToken: 'header.identity.signature', accessToken: 'provider-access-token' };
const credentials = { email: '2fa@example.com', password: 'password' };
const INVALID_CODE = 'The provided two factor authentication code was invalid.';

afterEach(() => {
  for (const name of ['AccessToken', 'IdToken', 'PortalToken']) document.cookie = `${name}=; Path=/; Max-Age=0`;
  sessionStorage.clear();
  // Each test starts as a guest: no session restore from the previous test's "isNotGuest".
  localStorage.clear();
});

/** Records the token exchange as the API receives it. */
function exchangeHandler(answer: () => Response) {
  const seen: Array<{ headers: Headers; body: unknown }> = [];
  const handler = http.post(`${API}/api/v1/auth/token/ad`, async ({ request }) => {
    seen.push({ headers: request.headers, body: await request.json() });
    return answer();
  });
  return { handler, seen };
}

describe('SSO branch of the auth statechart', () => {
  test('success: the exchange gets the identity token, the three tokens go into their cookies, then user → permissions → landing', async () => {
    const exchange = exchangeHandler(() => HttpResponse.json({ token: '7|portal-token' }));
    mswServer.use(exchange.handler, ...signInHandlers());
    const { portal, navigations } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.sso', ...tokens });
    const snapshot = await authSettled(portal);
    expect(snapshot.value).toBe('signedIn');
    expect(exchange.seen).toHaveLength(1);
    expect(exchange.seen[0]!.body).toEqual({ device_name: 'agent-portal' });
    expect(exchange.seen[0]!.headers.get('authorization')).toBe(`Bearer ${tokens.idToken}`);
    expect(exchange.seen[0]!.headers.get('accesstoken')).toBe(tokens.accessToken);
    expect([readCookie('IdToken'), readCookie('AccessToken'), readCookie('PortalToken')]).toEqual([tokens.idToken, tokens.accessToken, '7|portal-token']);
    expect(navigations.at(-1)).toEqual({ to: '/dashboard', replace: true });
  });

  test('sign-out clears all three cookies and keeps the identity token only to offer the provider end-session', async () => {
    mswServer.use(exchangeHandler(() => HttpResponse.json({ token: '7|portal-token' })).handler, ...signInHandlers());
    const { portal } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.sso', ...tokens });
    await authSettled(portal);
    portal.auth.send({ type: 'auth.logout' });
    const out = await waitFor(portal.auth, (s) => s.matches('signedOut'));
    expect([readCookie('IdToken'), readCookie('AccessToken'), readCookie('PortalToken')]).toEqual([null, null, null]);
    expect(out.context.endSessionHint).toBe(tokens.idToken);
    expect(out.can({ type: 'auth.ssoEndSession' })).toBe(true);
  });

  test('exchange 401: signed out with the SSO summary and the API’s reason; no cookies', async () => {
    mswServer.use(exchangeHandler(() => HttpResponse.json({ message: 'The identity token has expired.' }, { status: 401 })).handler, ...signInHandlers());
    const { portal } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.sso', ...tokens });
    const snapshot = await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(snapshot.context.error).toMatchObject({ summary: SSO_FAILED, status: 401, serverDetail: 'The identity token has expired.' });
    expect(readCookie('PortalToken')).toBeNull();
  });

  test('no user after the exchange: SPEC’s own message', async () => {
    mswServer.use(exchangeHandler(() => HttpResponse.json({ token: '7|portal-token' })).handler, ...signInHandlers({ user: '' }));
    const { portal } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.sso', ...tokens });
    const snapshot = await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(snapshot.context.error).toMatchObject({ summary: 'Error Fetching User', detail: NO_USER_AFTER_LOGIN });
  });

  test('state mismatch: a return this browser did not start is refused by oidc-client-ts, with a clear message', async () => {
    const { portal } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.ssoReturn', url: `${window.location.origin}/login?code=stolen&state=never-issued` });
    const snapshot = await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(snapshot.context.error?.summary).toBe(SSO_FAILED);
    expect(snapshot.context.error?.detail).toBe('The sign-in response did not match a sign-in started here, so it was refused. Please try again.');
  });

  /** The machine alone, its provider calls replaced by what src/api/sso.ts resolves or throws. */
  function ssoMachine(complete: () => Promise<SsoTokens>) {
    const exchanged: SsoTokens[] = [];
    const actor = createActor(
      authMachine.provide({
        actors: {
          completeSso: fromPromise(complete),
          exchangeToken: fromPromise(async ({ input }) => {
            exchanged.push(input);
          }),
          fetchUser: fromPromise<User, void>(async () => ({ ...adminUser, id: String(adminUser.id), account_id: String(adminUser.account_id) })),
          fetchPermissions: fromPromise<Permissions, void>(async () => permissionsFor('all').data as unknown as Permissions),
        },
        guards: { 'the browser says guest': () => true },
      }),
    ).start();
    return { actor, exchanged };
  }

  test('a completed return goes on to the exchange with the tokens the library checked', async () => {
    const { actor, exchanged } = ssoMachine(async () => tokens);
    actor.send({ type: 'auth.ssoReturn', url: 'http://portal.test/login?code=c&state=s' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(exchanged).toEqual([tokens]);
  });

  test('cancel at the provider: back to signedOut with the cancel message, nothing exchanged', async () => {
    const { actor, exchanged } = ssoMachine(async () => {
      throw new SsoReturnError('The sign-in was cancelled at the identity provider.', 'cancelled');
    });
    actor.send({ type: 'auth.ssoReturn', url: 'http://portal.test/login?error=access_denied&state=s' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(snapshot.context.error).toMatchObject({ summary: SSO_FAILED, detail: 'The sign-in was cancelled at the identity provider.' });
    expect(exchanged).toEqual([]);
  });
});

describe('two-factor branch of the auth statechart (Fortify)', () => {
  function twoFactorHandlers(answer: (body: Record<string, string>) => Response) {
    const bodies: Array<Record<string, string>> = [];
    return {
      bodies,
      handlers: [
        http.post(`${API}/login`, () => HttpResponse.json({ two_factor: true })),
        http.post(`${API}/two-factor-challenge`, async ({ request }) => {
          const body = (await request.json()) as Record<string, string>;
          bodies.push(body);
          return answer(body);
        }),
        ...signInHandlers(),
      ],
    };
  }

  test('{two_factor: true} leads to the challenge page; the code completes the sign-in → user → permissions → landing', async () => {
    const calls: string[] = [];
    mswServer.events.on('request:start', ({ request }) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
    const { handlers, bodies } = twoFactorHandlers(() => new HttpResponse(null, { status: 204 }));
    mswServer.use(...handlers);
    const { portal, navigations } = startTestPortal('/login?redirect=%2Froles', SSO);
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('twoFactorChallenge'));
    expect(navigations.at(-1)).toEqual({ to: '/two-factor-challenge?redirect=%2Froles', replace: true });
    expect(calls).toEqual(['GET /sanctum/csrf-cookie', 'POST /login']);

    portal.auth.send({ type: 'auth.twoFactor', answer: { code: '123456' } });
    const snapshot = await authSettled(portal);
    mswServer.events.removeAllListeners();
    expect(snapshot.value).toBe('signedIn');
    expect(bodies).toEqual([{ code: '123456' }]);
    expect(calls.slice(2)).toEqual(['POST /two-factor-challenge', 'GET /api/v1/users/auth', 'GET /api/v1/user/permissions']);
    expect(navigations.at(-1)).toEqual({ to: '/roles', replace: true });
  });

  test("a wrong code stays on the challenge with Fortify's 422 text on the code field", async () => {
    const { handlers } = twoFactorHandlers(() => HttpResponse.json({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } }, { status: 422 }));
    mswServer.use(...handlers);
    const { portal } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('twoFactorChallenge'));
    portal.auth.send({ type: 'auth.twoFactor', answer: { code: '000000' } });
    const snapshot = await waitFor(portal.auth, (s) => s.matches('twoFactorChallenge') && s.context.error !== null);
    expect(snapshot.context.error).toMatchObject({ summary: TWO_FACTOR_FAILED, detail: INVALID_CODE, fieldErrors: { code: [INVALID_CODE] } });
    expect(snapshot.context.user).toBeNull();
  });

  test('a recovery code is sent as recovery_code and signs in', async () => {
    const { handlers, bodies } = twoFactorHandlers(() => new HttpResponse(null, { status: 204 }));
    mswServer.use(...handlers);
    const { portal } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('twoFactorChallenge'));
    portal.auth.send({ type: 'auth.twoFactor', answer: { recovery_code: 'abcdefghij-klmnopqrst' } });
    expect((await authSettled(portal)).value).toBe('signedIn');
    expect(bodies).toEqual([{ recovery_code: 'abcdefghij-klmnopqrst' }]);
  });

  test('SSO for a user with two-factor: the exchange answers {two_factor: true}, no portal token is stored, the code completes the sign-in', async () => {
    const exchange = exchangeHandler(() => HttpResponse.json({ two_factor: true }));
    const { handlers, bodies } = twoFactorHandlers(() => new HttpResponse(null, { status: 204 }));
    mswServer.use(exchange.handler, ...handlers);
    const { portal, navigations } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.sso', ...tokens });
    await waitFor(portal.auth, (s) => s.matches('twoFactorChallenge'));
    expect(navigations.at(-1)).toEqual({ to: '/two-factor-challenge', replace: true });
    expect(readCookie('PortalToken')).toBeNull();
    portal.auth.send({ type: 'auth.twoFactor', answer: { code: '123456' } });
    expect((await authSettled(portal)).value).toBe('signedIn');
    expect(bodies).toEqual([{ code: '123456' }]);
  });

  test('cancelling the challenge returns to /login signed out', async () => {
    const { handlers } = twoFactorHandlers(() => new HttpResponse(null, { status: 204 }));
    mswServer.use(...handlers);
    const { portal, navigations } = startTestPortal('/login', SSO);
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('twoFactorChallenge'));
    portal.auth.send({ type: 'auth.cancel' });
    expect(portal.auth.getSnapshot().value).toBe('signedOut');
    expect(navigations.at(-1)).toEqual({ to: '/login', replace: true });
  });

  test('a password-only user (two_factor: false) goes straight to the user', async () => {
    mswServer.use(...signInHandlers());
    const { portal } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
    expect((await authSettled(portal)).value).toBe('signedIn');
  });
});
