import { http, HttpResponse, delay } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { openResource } from '../../src/machines/areas/resources';
import { API, permissionsFor, signInHandlers } from '../support/apiFixtures';
import { startTestPortal } from '../support/portal';
import { accountFilterAccounts, bot, listBody } from '../support/resourceFixtures';
import { asReturningVisitor } from '../support/returningVisitor';
import { mswServer } from '../support/setupMsw';
import { operationOf } from '../../src/machines/operation';

asReturningVisitor();
// A restored admin session also loads the account filter's accounts.
beforeEach(() => mswServer.use(accountFilterAccounts()));

/** Every request to the bots list, with its query, as the server saw it. */
function botsListRequests() {
  const seen: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/bots/`, async ({ request }) => {
      seen.push(new URL(request.url).search);
      await delay(20);
      return HttpResponse.json(listBody([bot(1), bot(2)]));
    }),
  );
  return seen;
}

test('a restored session at a list route starts that list call itself, with the URL query, before any view exists', async () => {
  mswServer.use(...signInHandlers());
  const seen = botsListRequests();
  const { portal } = startTestPortal('/bots?search=ava&sort=-name');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const browse = operationOf(openResource(portal, 'bots'), 'browse');
  await waitFor(browse, (s) => s.matches('success'));
  expect(seen).toHaveLength(1);
  expect(new URLSearchParams(seen[0]).get('search')).toBe('ava');
  expect(new URLSearchParams(seen[0]).get('sort')).toBe('-name');
});

test('a browse equal to the route’s call in flight is that call: one request; once it has settled an equal one is a real request', async () => {
  mswServer.use(...signInHandlers());
  const seen = botsListRequests();
  const { portal } = startTestPortal('/bots');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const resource = openResource(portal, 'bots');
  await waitFor(operationOf(resource, 'browse'), (s) => s.matches('loading'));
  const running = resource.getSnapshot().context.listRequest;
  expect(running?.type).toBe('resource.browse');
  // The same request again (what a page mounting now would ask): no second call.
  resource.send({ ...(running as { type: 'resource.browse' }) });
  await waitFor(operationOf(resource, 'browse'), (s) => s.matches('success'));
  expect(seen).toHaveLength(1);
  // A later equal send (a retry, a revisit) is a real request again.
  resource.send({ ...(running as { type: 'resource.browse' }) });
  await waitFor(operationOf(resource, 'browse'), (s) => s.matches('success'));
  await vi.waitFor(() => expect(seen).toHaveLength(2));
});

test('the route actor alone moves the list: one page on follows the server’s link, another account starts at page 1', async () => {
  mswServer.use(...signInHandlers());
  const seen: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/bots/`, ({ request }) => {
      seen.push(new URL(request.url).search);
      return HttpResponse.json({ ...listBody([bot(1)]), links: { first: null, last: null, prev: null, next: `${API}/api/v1/bots/?page=2&cursor=from-server` }, meta: { current_page: 1, from: 1, to: 1, last_page: 3, per_page: 1, total: 3, path: '' } });
    }),
  );
  const { portal, navigations } = startTestPortal('/bots');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const resource = openResource(portal, 'bots');
  await waitFor(operationOf(resource, 'browse'), (s) => s.matches('success'));
  portal.navigation.send({ type: 'navigation.go', to: '/bots?page=2' });
  await waitFor(operationOf(resource, 'paginate'), (s) => s.matches('success'));
  expect(seen.at(-1)).toContain('cursor=from-server');
  // Another account while on page 2: back to page 1 (replacing the URL), then a browse there.
  portal.accountFilter.send({ type: 'accountFilter.select', accountId: '9' });
  await vi.waitFor(() => expect(navigations.at(-1)).toEqual({ to: '/bots', replace: true }));
  await vi.waitFor(() => expect(portal.route.getSnapshot().context.last).toMatchObject({ location: '/bots', accountId: '9' }));
  // The session rule: signed out, the route actor remembers no place.
  portal.auth.send({ type: 'auth.logout' });
  await waitFor(portal.auth, (s) => s.matches('signedOut'));
  expect(portal.route.getSnapshot().context.last).toBeNull();
  expect(portal.navigation.getSnapshot().context.lists).toEqual({});
});

test('a record route starts its read; a route the user may not browse sends nothing', async () => {
  const reads: string[] = [];
  mswServer.use(
    ...signInHandlers({ permissions: permissionsFor(['Contacts']) }),
    // Permitted one section, the user lands there: its list is started, not the bots.
    http.get(`${API}/api/v1/contacts/`, () => HttpResponse.json(listBody([]))),
    http.get(`${API}/api/v1/bots/:id`, ({ params }) => {
      reads.push(String(params.id));
      return HttpResponse.json({ data: bot(Number(params.id)) });
    }),
  );
  const seen = botsListRequests();
  const { portal } = startTestPortal('/bots/7');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  await delay(50);
  expect(reads).toEqual([]);
  expect(seen).toEqual([]);

  mswServer.resetHandlers();
  mswServer.use(
    ...signInHandlers(),
    accountFilterAccounts(),
    http.get(`${API}/api/v1/bots/:id`, ({ params }) => {
      reads.push(String(params.id));
      return HttpResponse.json({ data: bot(Number(params.id)) });
    }),
  );
  const second = startTestPortal('/bots/7');
  await waitFor(second.portal.auth, (s) => s.matches('signedIn'));
  await waitFor(operationOf(openResource(second.portal, 'bots'), 'read'), (s) => s.matches('success'));
  expect(reads).toEqual(['7']);
});

test('a user whose Global access is false and who holds no grant sends no page call', async () => {
  const grants = permissionsFor([]);
  mswServer.use(...signInHandlers({ permissions: { data: { ...grants.data, Global: { access: false } } } }));
  const seen = botsListRequests();
  const { portal } = startTestPortal('/bots');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  await delay(50);
  expect(seen).toEqual([]);
});

test('Global access false beside a Bots grant (a backend reading it as cross-account scope): the page call goes out', async () => {
  const grants = permissionsFor(['Bots']);
  mswServer.use(...signInHandlers({ permissions: { data: { ...grants.data, Global: { access: false } } } }));
  const seen = botsListRequests();
  const { portal } = startTestPortal('/bots');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  await vi.waitFor(() => expect(seen).toHaveLength(1));
});

test('a restored session sends the page’s call, then the account filter’s accounts, before any view exists; a user of one account gets no accounts call', async () => {
  const order: string[] = [];
  const accountsAndBots = (permissions?: ReturnType<typeof permissionsFor>) => {
    mswServer.resetHandlers();
    mswServer.use(
      ...signInHandlers(permissions ? { permissions } : {}),
      http.get(`${API}/api/v1/bots/`, () => {
        order.push('bots');
        return HttpResponse.json(listBody([bot(1)]));
      }),
      http.get(`${API}/api/v1/accounts/`, () => {
        order.push('accounts');
        return HttpResponse.json(listBody([{ id: 1, name: 'Acme' }]));
      }),
    );
  };
  accountsAndBots();
  const { portal } = startTestPortal('/bots');
  await waitFor(portal.accountFilter, (s) => s.matches('ready'));
  expect(order).toEqual(['bots', 'accounts']);
  expect(portal.accountFilter.getSnapshot().context.accounts).toMatchObject([{ id: '1', name: 'Acme' }]);

  // Bots browse at the lowest level: not a global user, so no account filter and no call for it.
  order.length = 0;
  accountsAndBots(permissionsFor(['Bots'], 1));
  const second = startTestPortal('/bots');
  await waitFor(operationOf(openResource(second.portal, 'bots'), 'browse'), (s) => s.matches('success'));
  await delay(50);
  expect(order).toEqual(['bots']);
  expect(second.portal.accountFilter.getSnapshot().matches('idle')).toBe(true);
});
