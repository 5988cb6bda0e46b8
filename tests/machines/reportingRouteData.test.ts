import { http, HttpResponse, delay } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { openReporting } from '../../src/machines/areas/reporting';
import { conversationOpen, conversationTab, reportTabAccess } from '../../src/views/reporting/conversationRouteData';
import { overviewLoads } from '../../src/views/reporting/routeData';
import { API, permissionsFor, signInHandlers } from '../support/apiFixtures';
import { startTestPortal } from '../support/portal';
import { conversation, envelope } from '../support/reportingFixtures';
import { accountFilterAccounts } from '../support/resourceFixtures';
import { asReturningVisitor } from '../support/returningVisitor';
import { mswServer } from '../support/setupMsw';
import { operationOf } from '../../src/machines/operation';

asReturningVisitor();
// A restored admin session also loads the account filter's accounts.
beforeEach(() => mswServer.use(accountFilterAccounts()));

/** Every reporting request, as `path?query`, answered after a short delay (so a second one would overlap). */
function reportingRequests() {
  const seen: string[] = [];
  mswServer.use(
    http.get(`${API}/api/v1/reporting/*`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname.replace('/api/v1/reporting/', '') + url.search);
      await delay(20);
      if (/^\/api\/v1\/reporting\/conversations\/\d+$/.test(url.pathname)) return HttpResponse.json({ data: conversation(7, 'A') });
      return HttpResponse.json(envelope([]));
    }),
  );
  return seen;
}

const settled = (operation: Parameters<typeof waitFor>[0]) => waitFor(operation, (s) => !(s as { matches(v: string): boolean }).matches('loading'));

test('the conversation page’s record, tab and review parts start with the route, and an equal open asks nothing more', async () => {
  mswServer.use(...signInHandlers());
  const seen = reportingRequests();
  const { portal } = startTestPortal('/reporting/conversations/7/log');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const { report } = openReporting(portal);
  await vi.waitFor(() => expect([...seen].sort()).toEqual(['conversations/7', 'conversations/7/log', 'conversations/7/recordings', 'conversations/7/transcript']));
  // What ConversationPage sends on mount for this URL: the same event, so no second request.
  const mayOpen = reportTabAccess(portal.auth.getSnapshot().context.permissions);
  const { tab } = conversationTab('log', mayOpen);
  report.send(conversationOpen('7', tab!, mayOpen));
  await settled(operationOf(report, 'conversation'));
  await settled(operationOf(report, 'log'));
  expect(seen).toHaveLength(4);
});

test('a tab the user may not open is never requested by the route: the details load instead', async () => {
  mswServer.use(...signInHandlers({ permissions: permissionsFor(['Reporting', 'Recordings']) }));
  const seen = reportingRequests();
  const { portal } = startTestPortal('/reporting/conversations/7/transcript');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  await settled(operationOf(openReporting(portal).report, 'conversation'));
  await vi.waitFor(() => expect([...seen].sort()).toEqual(['conversations/7', 'conversations/7/recordings']));
});

test('the overview’s figures for the URL’s range start with the route, each once, and equal loads in flight are not sent again', async () => {
  mswServer.use(...signInHandlers());
  const seen = reportingRequests();
  const { portal } = startTestPortal('/reporting?from=2026-11-01&to=2026-11-20');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const { statistics } = openReporting(portal);
  await waitFor(operationOf(statistics, 'global'), (s) => s.matches('loading'));
  // What a page would ask now: the very loads in flight, so no second request.
  for (const event of overviewLoads(new URLSearchParams('from=2026-11-01&to=2026-11-20'))) statistics.send(event);
  await vi.waitFor(() => expect(seen).toHaveLength(5));
  expect(seen.filter((s) => s.startsWith('global?')).map((s) => new URLSearchParams(s.split('?')[1]).get('from'))).toEqual(['2026-11-01']);
  for (const kind of ['global', 'timeseries', 'globalRoles', 'rankings', 'active'] as const) await settled(operationOf(statistics, kind));
  expect(seen).toHaveLength(5);
});

test('a statistics page’s rows for the URL’s search, sort and page start with the route, once', async () => {
  mswServer.use(...signInHandlers());
  const seen = reportingRequests();
  const { portal } = startTestPortal('/reporting/roles?search=ann&sort=name&page=2');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const { statistics } = openReporting(portal);
  await vi.waitFor(() => expect(seen).toHaveLength(1));
  await settled(operationOf(statistics, 'roles'));
  const [path, query] = seen[0]!.split('?');
  expect(path).toBe('roles');
  expect(Object.fromEntries(new URLSearchParams(query))).toMatchObject({ search: 'ann', sort: 'name', page: '2' });
  expect(seen).toHaveLength(1);
});

test('a breakdown page loads its picker and the URL’s breakdown with the route', async () => {
  mswServer.use(...signInHandlers());
  const seen = reportingRequests();
  const { portal } = startTestPortal('/reporting/instances/breakdown?id=3&from=2026-11-01');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const { statistics } = openReporting(portal);
  await vi.waitFor(() => expect(seen).toHaveLength(2));
  await settled(operationOf(statistics, 'instanceBreakdown'));
  expect(seen.map((s) => s.split('?')[0]).sort()).toEqual(['instances', 'instances/3']);
  expect(seen).toHaveLength(2);
});

test('the Conversations page’s rows for the URL’s query start with the route, once, beside the filters’ options', async () => {
  mswServer.use(...signInHandlers());
  const seen = reportingRequests();
  const { portal } = startTestPortal('/reporting/conversations?search=refund&sort=duration');
  await waitFor(portal.auth, (s) => s.matches('signedIn'));
  const { conversations } = openReporting(portal);
  await vi.waitFor(() => expect(seen.some((s) => s.startsWith('conversations?'))).toBe(true));
  await settled(operationOf(conversations, 'list'));
  const lists = seen.filter((s) => s.startsWith('conversations?'));
  expect(lists).toHaveLength(1);
  expect(Object.fromEntries(new URLSearchParams(lists[0]!.split('?')[1]))).toMatchObject({ search: 'refund', sort: 'duration' });
});
