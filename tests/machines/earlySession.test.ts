import { http, HttpResponse, delay } from 'msw';
import { expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { startEarly } from '../../src/bootEarly';
import { parseRuntimeConfig } from '../../src/config';
import { startPortal } from '../../src/machines/root';
import { sendFirstCalls } from '../../src/routeData';
import { API, adminUser, permissionsFor, signInHandlers } from '../support/apiFixtures';
import { accountFilterAccounts, bot, listBody } from '../support/resourceFixtures';
import { asReturningVisitor } from '../support/returningVisitor';
import { mswServer } from '../support/setupMsw';

asReturningVisitor();

const config = () => parseRuntimeConfig({ apiOrigin: API });

/** Every session read the server saw, in order. */
function sessionReads() {
  const seen: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, async () => {
      seen.push('user');
      await delay(20);
      return HttpResponse.json({ data: adminUser });
    }),
    http.get(`${API}/api/v1/user/permissions`, async () => {
      seen.push('permissions');
      await delay(20);
      return HttpResponse.json(permissionsFor('all'));
    }),
  );
  return seen;
}

test('boot’s session read leaves before the system is built, and the restore adopts it: one read, signed in from its answer', async () => {
  mswServer.use(...signInHandlers(), accountFilterAccounts());
  const seen = sessionReads();
  const early = startEarly(config());
  // On its way before any machine exists.
  await expect.poll(() => seen.length).toBe(2);
  const portal = startPortal({ http: early.http, config: early.config, location: '/dashboard', sessionRead: early.sessionRead });
  const signedIn = await waitFor(portal.auth, (s) => s.matches('signedIn'));
  expect(signedIn.context.user?.email).toBe('admin@example.com');
  await delay(30);
  expect(seen).toEqual(['user', 'permissions']);
});

test('with the session answered before the system starts, the route actor sends the page’s call as the restore ends', async () => {
  mswServer.use(...signInHandlers(), accountFilterAccounts());
  const bots: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/bots/`, ({ request }) => {
      bots.push(new URL(request.url).search);
      return HttpResponse.json(listBody([bot(1)]));
    }),
  );
  const early = startEarly(config());
  await early.sessionRead;
  const portal = startPortal({ http: early.http, config: early.config, location: '/bots', sessionRead: early.sessionRead, firstCalls: sendFirstCalls });
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  await expect.poll(() => bots.length).toBe(1);
});

test('a browser marked guest reads no session early (SPEC §4): the portal starts signed out without a call', async () => {
  localStorage.setItem('isGuest', 'isGuest');
  const seen = sessionReads();
  const early = startEarly(config());
  expect(early.sessionRead).toBeUndefined();
  const portal = startPortal({ http: early.http, config: early.config, location: '/login', sessionRead: early.sessionRead });
  await waitFor(portal.auth, (s) => s.matches('signedOut'));
  await delay(30);
  expect(seen).toEqual([]);
});

test('an expired session read early ends signed out, and an unverified one in `unverified`, as a restore’s own read does', async () => {
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
  );
  const expired = startEarly(config());
  await expired.sessionRead?.catch(() => {});
  const first = startPortal({ http: expired.http, config: expired.config, location: '/bots', sessionRead: expired.sessionRead });
  expect((await waitFor(first.auth, (s) => !s.matches('restoring'))).value).toBe('signedOut');

  mswServer.resetHandlers();
  localStorage.setItem('isGuest', 'isNotGuest'); // the expired session marked the browser guest
  const unverified = { message: 'Your email address is not verified.' };
  mswServer.use(
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json(unverified, { status: 403 })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json(unverified, { status: 403 })),
  );
  const early = startEarly(config());
  await early.sessionRead?.catch(() => {});
  const second = startPortal({ http: early.http, config: early.config, location: '/bots', sessionRead: early.sessionRead });
  await waitFor(second.auth, (s) => s.matches('unverified'));
});
