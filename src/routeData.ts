import type { Permissions } from './api/schemas/permissions';
import type { FirstCallInput } from './machines/route';
import { can, isAccessDenied } from './machines/permissions';
import type { RouteDataOwner } from './route';
import { matchLocation } from './routeMatch';

const pathOf = (location: string) => location.split('?')[0] || '/';
const searchOf = (location: string) => location.split('?').slice(1).join('?');

/**
 * Boot: the current route's code (view and data loader) is requested before anything waits for it.
 * With the user's permissions known, a route they may not open loads nothing (its page is the
 * forbidden one).
 */
export function warmRoute(location: string, permissions?: Permissions | null): Promise<void> {
  const { route } = matchLocation(pathOf(location));
  const ignore = () => {}; // a chunk that fails is reported when its view renders
  if (permissions !== undefined && route.permission && !can(permissions, route.permission.model, route.permission.action)) return Promise.resolve();
  return Promise.all([route.view.warm().catch(ignore), route.data?.load().catch(ignore)]).then(ignore);
}

/**
 * The route table's first calls, as the route actor (machines/route.ts) runs them for each new
 * place: the route's loader (`RouteDef.data`, a small lazy chunk) sends the page's first request,
 * in parallel with the view's code instead of after its first effect. Permissions gate it exactly
 * as they gate the page: a route the user may not open sends nothing, and a user whose Global
 * access is false (every page sends them to /error/access) sends nothing at all.
 */
export async function sendFirstCalls(owner: RouteDataOwner, { location, accountId, permissions, before }: FirstCallInput, signal?: AbortSignal): Promise<void> {
  const { route, params } = matchLocation(pathOf(location));
  if (!route.data || isAccessDenied(permissions)) return;
  if (route.permission && !can(permissions, route.permission.model, route.permission.action)) return;
  const module = route.data.loaded() ?? (await route.data.load().catch(() => undefined)); // a failed chunk: the view shows the failure
  // The user moved on while the loader's chunk came: the new place sends its own call.
  if (!module || signal?.aborted) return;
  // The same page before (another query, another account): its list may move by link.
  const previous = before && matchLocation(pathOf(before.location));
  const samePage = previous && previous.route === route && JSON.stringify(previous.params) === JSON.stringify(params) ? { search: searchOf(before.location), accountId: before.accountId } : null;
  const place = { search: searchOf(location), accountId, before: samePage, permissions };
  const prepared = module.prepare?.(owner, route, place);
  if (prepared) {
    await prepared;
    if (signal?.aborted) return;
  }
  const actor = module.pageActor(owner, route);
  if (actor) module.startRouteData(actor, route, params, place);
}
