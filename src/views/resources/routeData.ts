import type { ResourceKey } from '../../api/resources';
import { FIRST_SCREEN_WAIT_MS } from '../../firstScreen';
import { ACTOR_IDS } from '../../machines/actorIds';
import { preferencesRead } from '../../machines/areas/shell';
import { openResource } from '../../machines/areas/resources';
import type { NavigationActor } from '../../machines/navigation';
import { navigationApi } from '../../machines/navigation.api';
import type { PreferencesActor } from '../../machines/preferences';
import { preferencesSelectors } from '../../machines/preferences.api';
import type { ResourceActor } from '../../machines/resource';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { isNextPageOf, isPreviousPageOf, listQuery, parseListState, sameRows, serializeListState, type ListState } from './listState';
import { isBareList, viewToState } from './savedViewState';
import { SECTION_CONFIGS } from './sectionConfigs';

/** What a list's new place asks of its actor: start over at page 1, browse, or follow the server's link. */
export type ListMove = { kind: 'firstPage'; to: ListState } | { kind: 'browse' } | { kind: 'paginate'; url: string } | { kind: 'none' };

/**
 * THE URL → list rule, for every list: one step forward or back in the same account follows the
 * server's link as given; another account's list starts at its first page ("Page 3 of 2"
 * otherwise); anything else is a browse with the URL's parameters.
 */
export function listMove(state: ListState, before: { state: ListState; accountId: string | null } | null, accountId: string | null, links: { next?: string | null; prev?: string | null } | undefined): ListMove {
  if (before && before.accountId !== accountId && state.page > 1) return { kind: 'firstPage', to: { ...state, page: 1 } };
  const sameScope = before?.accountId === accountId;
  // Only the columns shown changed (issue 30's column chooser): the rows are the same.
  if (sameScope && sameRows(state, before?.state ?? null) && String(state.columns) !== String(before?.state.columns)) return { kind: 'none' };
  if (sameScope && isNextPageOf(state, before?.state ?? null) && links?.next) return { kind: 'paginate', url: links.next };
  if (sameScope && isPreviousPageOf(state, before?.state ?? null) && links?.prev) return { kind: 'paginate', url: links.prev };
  return { kind: 'browse' };
}

/** A resource route's page actor: its section's resource actor (the list, record and form pages all talk to it). */
export function pageActor(owner: RouteDataOwner, route: RouteDef): ResourceActor | undefined {
  const key = route.section?.key as ResourceKey | undefined;
  return key && key in SECTION_CONFIGS ? openResource(owner, key) : undefined;
}

/**
 * A resource route's first call, from the route alone (the route actor runs it for each new
 * place): the list's browse or paginate-by-link from the URL, or the record's read.
 */
export function startRouteData(resource: ResourceActor, route: RouteDef, params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const key = route.section?.key as ResourceKey | undefined;
  if (!key || !(key in SECTION_CONFIGS) || !route.data) return;
  if (route.data.kind === 'list') {
    const config = SECTION_CONFIGS[key];
    const state = parseListState(place.search, config.defaultSort);
    // Opened with nothing in its address, the list opens with the user's default view (issue 30),
    // before any call: asked first and drawn, the whole list showed, then gave way to the view.
    const defaultView = opensWithDefaultView(place, state) ? defaultViewOf(resource, key) : undefined;
    if (defaultView) {
      showListInstead(resource, key, viewToState(defaultView, config));
      return;
    }
    const before = place.before && { state: parseListState(place.before.search, config.defaultSort), accountId: place.before.accountId };
    const move = listMove(state, before, place.accountId, resource.getSnapshot().context.list?.links);
    const query = listQuery(state);
    if (move.kind === 'firstPage') showListInstead(resource, key, move.to);
    else if (move.kind === 'none') return;
    else if (move.kind === 'paginate') resource.send({ type: 'resource.paginate', url: move.url, query });
    else resource.send({ type: 'resource.browse', query, scope: place.accountId });
    return;
  }
  // A new record's form asks nothing; another query or account on the same record page asks nothing new.
  if (route.data.kind !== 'record' || place.before) return;
  const id = params[route.section?.idParam ?? 'id'] ?? params.id;
  if (id) resource.send({ type: 'resource.read', id });
}

/** The list's address becomes `state`'s (replacing this one): the route actor then sends that place's call. */
function showListInstead(resource: ResourceActor, key: ResourceKey, state: ListState): void {
  const navigation = resource.system.get(ACTOR_IDS.navigation) as NavigationActor | undefined;
  if (navigation) navigationApi(navigation).go(`/${key}${serializeListState(state, SECTION_CONFIGS[key].defaultSort)}`, true);
}

/** A list arrived at from another page (not moved on its own page) with a bare address. */
function opensWithDefaultView(place: RoutePlaceNow, state: ListState): boolean {
  return place.before === null && isBareList(state);
}

/** The user's default view of this list, once their preferences are in. */
function defaultViewOf(resource: ResourceActor, key: ResourceKey) {
  const preferences = resource.system.get(ACTOR_IDS.preferences) as PreferencesActor | undefined;
  if (!preferences || !preferencesSelectors.loaded(preferences.getSnapshot())) return undefined;
  const { views, default: name } = preferencesSelectors.listViews(key)(preferences.getSnapshot());
  return name ? views.find((view) => view.name === name) : undefined;
}

/**
 * Before a list's first call from a bare address: the user's preferences (their default view),
 * bounded like the first screen's wait. Read once per session; on our API from the page itself.
 */
export function prepare(owner: RouteDataOwner, route: RouteDef, place: RoutePlaceNow): Promise<void> | undefined {
  const key = route.section?.key as ResourceKey | undefined;
  if (route.data?.kind !== 'list' || !key || !(key in SECTION_CONFIGS)) return undefined;
  return opensWithDefaultView(place, parseListState(place.search, SECTION_CONFIGS[key].defaultSort)) ? preferencesRead(owner, FIRST_SCREEN_WAIT_MS) : undefined;
}
