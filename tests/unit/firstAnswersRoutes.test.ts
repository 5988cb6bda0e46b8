import { describe, expect, test } from 'vitest';
import { firstCallsOf } from '../../server/http/firstAnswers';
import { SESSION_READ_PATHS } from '../../src/api/firstCalls';
import { withQuery } from '../../src/api/query';
import { resourceDef, type ResourceKey } from '../../src/api/resources';
import { matchLocation } from '../../src/routeMatch';
import { ROUTES } from '../../src/routes';
import { listQuery, parseListState } from '../../src/views/resources/listState';
import { SECTION_CONFIGS } from '../../src/views/resources/sectionConfigs';

/** Every row of the route table as a path a user opens, and paths the table gives to other pages. */
const samples = [
  ...ROUTES.map((route) => route.path.replace(/:tab\b/, 'workflows').replace(/:\w+/g, '5')),
  '/',
  '/nope',
  '/contacts/new',
  '/contacts/5/edit/workflows/more',
  '/users/settings',
  '/users/verify-email',
  '/clients/5',
  '/contacts/a%2Fb',
];

const session = [`/api${SESSION_READ_PATHS.user}`, `/api${SESSION_READ_PATHS.permissions}`];

/** The portal's own first call on a resource page (views/resources/routeData.ts startRouteData, api/resources.ts). */
function portalCall(path: string, search: string): string | undefined {
  const { route, params } = matchLocation(path);
  const key = route.section?.key as ResourceKey | undefined;
  if (!key || !(key in SECTION_CONFIGS)) return undefined;
  if (route.data?.kind === 'list') return withQuery(`/api/v1/${resourceDef(key).path}/`, listQuery(parseListState(search, SECTION_CONFIGS[key].defaultSort)));
  const id = params[route.section?.idParam ?? 'id'];
  return route.data?.kind === 'record' && id ? `/api/v1/${resourceDef(key).path}/${encodeURIComponent(decodeURIComponent(id))}` : undefined;
}

// The reference server answers a page's first GETs (server/http/firstAnswers.ts) without the
// portal's route table (it holds the views): these keep its choice in step with the table.
describe('the pages that carry their first answers, and which', () => {
  test.each(samples)('%s: answers only on a signed-in page, and only the calls its route sends', (path) => {
    const { route } = matchLocation(path);
    const calls = firstCallsOf(path, '');
    if (calls.length === 0) return;
    expect(route.access).toBe('protected');
    expect(calls.slice(0, 2)).toEqual(session);
    const call = calls[2];
    if (call === undefined) return;
    expect(calls).toHaveLength(3);
    // Only where the route's permission is the one the API asks for that GET (browse a list, read a record).
    expect(route.permission?.action).toBe(route.data?.kind === 'list' ? 'browse' : 'read');
    expect(call).toBe(portalCall(path, ''));
  });

  test('every list and every record page (without a tab) carries its call; the sign-in page, not-found and forms carry nothing', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:\w+/g, '5');
      const plainRecord = route.data?.kind === 'record' && route.permission?.action === 'read' && path.split('/').length === 3;
      if (route.data?.kind === 'list' || plainRecord) expect(firstCallsOf(path, '')[2], path).toBe(portalCall(path, ''));
    }
    for (const path of ['/', '/login', '/register', '/logout', '/nope', '/error/404', '/vendors/contacts/instructions', '/contacts/new']) expect(firstCallsOf(path, ''), path).toEqual([]);
  });

  test('a list’s call is built from its address as the portal builds it: page size, search, filters, sort, default sort', () => {
    for (const [path, search] of [['/contacts', '?show=100'], ['/bots', '?search=a%20b&sort=-name&page=3&filter[kind]=sms&columns=name'], ['/feedback', ''], ['/clients', '?show=25']] as const) {
      expect(firstCallsOf(path, search)[2], path + search).toBe(portalCall(path, search));
    }
    expect(firstCallsOf('/feedback', '')[2]).toContain('sort=-created_at');
  });
});
