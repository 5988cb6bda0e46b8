import { http, HttpResponse, delay } from 'msw';
import { describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { NO_USER_AFTER_LOGIN } from '../../src/machines/auth';
import { API, permissionsFor, signInHandlers } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';
import { authSettled, startTestPortal } from '../support/portal';

const credentials = { email: 'admin@example.com', password: 'password' };

describe('auth flow: csrf → login → user → permissions → landing', () => {
  test('a successful sign-in fetches user and permissions and lands on /dashboard', async () => {
    const calls: string[] = [];
    mswServer.events.on('request:start', ({ request }) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
    mswServer.use(...signInHandlers());
    const { portal, navigations } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    const snapshot = await authSettled(portal);
    mswServer.events.removeAllListeners();
    expect(snapshot.value).toBe('signedIn');
    expect(snapshot.context.user?.email).toBe('admin@example.com');
    expect(calls).toEqual(['GET /sanctum/csrf-cookie', 'POST /login', 'GET /api/v1/users/auth', 'GET /api/v1/user/permissions']);
    expect(navigations.at(-1)).toEqual({ to: '/dashboard', replace: true });
  });

  test('wrong credentials: signed out with the server message under "Error Logging In"', async () => {
    mswServer.use(
      http.post(`${API}/login`, () =>
        HttpResponse.json(
          { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } },
          { status: 422 },
        ),
      ),
      ...signInHandlers(),
    );
    const { portal } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    const { error } = portal.auth.getSnapshot().context;
    expect(error?.summary).toBe('Error Logging In');
    expect(error?.detail).toBe('These credentials do not match our records.');
    expect(error?.fieldErrors.email).toEqual(['These credentials do not match our records.']);
  });

  test('no user after login ({data: null}) gives SPEC’s message', async () => {
    mswServer.use(...signInHandlers({ user: { data: null } }));
    const { portal } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(portal.auth.getSnapshot().context.error).toMatchObject({ summary: 'Error Fetching User', detail: NO_USER_AFTER_LOGIN });
  });

  test('a user-fetch error keeps its own message: a malformed user names the failing path', async () => {
    mswServer.use(...signInHandlers({ user: { data: { nope: true } } }));
    const { portal } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    const { error } = portal.auth.getSnapshot().context;
    expect(error).toMatchObject({ summary: 'Error Fetching User', detail: 'API Error, please try again.' });
    expect(error?.serverDetail).toMatch(/^Unexpected response at data\.(id|email)/);
  });

  test('a user-fetch error keeps its own message: the server’s message is the detail', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
      ...signInHandlers(),
    );
    const { portal } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(portal.auth.getSnapshot().context.error).toMatchObject({ summary: 'Error Fetching User', detail: 'API Error, please try again.', serverDetail: 'Server Error' });
  });

  test('an unverified email moves to /email-verification with a redirect', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Your email address is not verified.' }, { status: 403 })),
      ...signInHandlers(),
    );
    const { portal, navigations } = startTestPortal('/login?redirect=%2Froles');
    portal.auth.send({ type: 'auth.submit', credentials });
    const snapshot = await authSettled(portal);
    expect(snapshot.value).toBe('unverified');
    expect(navigations.at(-1)?.to).toBe('/email-verification?redirect=%2Flogin%3Fredirect%3D%252Froles');
  });

  test('exactly one permitted section: the user lands in it', async () => {
    mswServer.use(...signInHandlers({ permissions: permissionsFor(['Bots'], 1) }));
    const { portal, navigations } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    expect(navigations.at(-1)?.to).toBe('/bots');
  });

  test.each([
    ['/login?redirect=%2Froles', '/roles'],
    ['/login?redirect=%2Fbots%3Fpage%3D2', '/bots?page=2'],
    ['/login?redirect=https%3A%2F%2Felsewhere.example%2F', '/dashboard'],
    ['/login?redirect=%2F%2Felsewhere.example', '/dashboard'],
    ['/login?redirect=javascript%3Aalert(1)', '/dashboard'],
    ['/', '/dashboard'],
  ])('landing from %s goes to %s', async (location, expected) => {
    mswServer.use(...signInHandlers());
    const { portal, navigations } = startTestPortal(location);
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    expect(navigations.at(-1)?.to).toBe(expected);
  });

  test('permissions failing to load signs out with "Error fetching user permissions"', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      ...signInHandlers(),
    );
    const { portal } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(portal.auth.getSnapshot().context.error).toMatchObject({ summary: 'Error fetching user permissions', detail: 'API Error, please try again.', serverDetail: 'boom' });
  });

  test('logout clears the user, goes to /login, and still signs out when the server fails', async () => {
    mswServer.use(
      http.post(`${API}/logout`, () => HttpResponse.json({}, { status: 500 })),
      ...signInHandlers(),
    );
    const { portal, navigations } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    portal.auth.send({ type: 'auth.logout' });
    await waitFor(portal.auth, (s) => s.matches('signedOut'));
    const snapshot = portal.auth.getSnapshot();
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.error?.summary).toBe('Error Logging Out');
    expect(navigations.at(-1)).toEqual({ to: '/login', replace: true });
  });

  test('many calls failing with 401 together log out exactly once', async () => {
    mswServer.use(...signInHandlers());
    const { portal, navigations } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    mswServer.use(
      http.get(`${API}/api/v1/reporting/global`, async () => {
        await delay(10);
        return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
      }),
    );
    const transitions: string[] = [];
    portal.auth.subscribe((s) => transitions.push(String(s.value)));
    await Promise.allSettled(Array.from({ length: 5 }, () => portal.http.api.get('/v1/reporting/global')));
    expect(portal.auth.getSnapshot().value).toBe('signedOut');
    expect(transitions.filter((v) => v === 'signedOut')).toHaveLength(1);
    expect(navigations.filter((n) => n.to === '/login')).toHaveLength(1);
    expect(portal.auth.getSnapshot().context.notice).toMatch(/session has ended/);
  });

  test('419 while signed out does not trigger a logout', async () => {
    mswServer.use(http.post(`${API}/login`, () => HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 })), ...signInHandlers().slice(0, 1));
    const { portal, navigations } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await waitFor(portal.auth, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(portal.auth.getSnapshot().context.error?.serverDetail).toBe('CSRF token mismatch.');
    expect(navigations).toHaveLength(0);
  });

  test('a 403 other than verification keeps the user signed in and shows the forbidden page', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })),
      ...signInHandlers(),
    );
    const { portal, navigations } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    await expect(portal.http.api.get('/v1/reporting/global')).rejects.toMatchObject({ status: 403, serverDetail: 'This action is unauthorized.' });
    expect(portal.auth.getSnapshot().value).toBe('signedIn');
    expect(navigations.at(-1)?.to).toBe('/error/forbidden');
  });
});
