import type { AnyActorRef } from 'xstate';
import type { Http } from './api/http';
import type { PermissionAction, Permissions } from './api/schemas/permissions';
import type { PortalDeps, SystemRoot } from './machines/root';
import type { Section } from './sections';
import type { LazyView } from './views/lazyView';

/** Who may open a route: anyone, guests only, or signed-in users (with a model + action). */
export type Access = 'public' | 'guestOnly' | 'protected';

/** One row of THE route table (routes.ts). */
export interface RouteDef {
  path: string;
  view: LazyView;
  access: Access;
  /** SPEC §6: protected routes are tied to a model and an action. */
  permission?: { model: string; action: PermissionAction };
  /** SPEC §2: section name, then New or Edit. */
  crumbs: string[];
  title: string;
  section?: Section;
  /**
   * The page's actor (handed to the view as its `actor` prop) and, render-as-you-fetch, its first
   * call, started with the route (not by the view's effect).
   */
  data?: RouteData;
}

/** What a route's loader opens the page's actor with: the system, the transport and the runtime config (the chat gateway's). */
export interface RouteDataOwner {
  root: SystemRoot;
  http: Http;
  config: PortalDeps['config'];
}

/** Where the first call is for: the location's query and account scope, and the same page's last ones. */
export interface RoutePlaceNow {
  search: string;
  accountId: string | null;
  /** The same page (route and params) when the last first call was sent: null on another page. */
  before: { search: string; accountId: string | null } | null;
  /** The signed-in user's (the loader only runs signed in): some calls depend on them. */
  permissions: Permissions | null;
}

/** A route's loader module (a small lazy chunk per page family), typed by its page's actor. */
export interface RouteDataModule<A extends AnyActorRef = AnyActorRef> {
  /** The actor the page talks to (a section's resource, the conversation report): the route view hands it to the page. */
  pageActor(owner: RouteDataOwner, route: RouteDef): A | undefined;
  /** Sends the page's first call to that actor (the route actor runs it for each new place). */
  startRouteData(actor: A, route: RouteDef, params: Record<string, string | undefined>, place: RoutePlaceNow): void;
  /**
   * What the first call must know first, awaited (bounded) before `startRouteData`: a list opened
   * with a bare address needs the user's default view (views/resources/routeData.ts).
   */
  prepare?(owner: RouteDataOwner, route: RouteDef, place: RoutePlaceNow): Promise<void> | undefined;
}

/**
 * A route's page actor and first call: a list route starts its browse from the URL's query; a
 * record route its read; a new-record form has the section's actor and no first call; the
 * conversation page opens its record and tab; the statistics pages load their figures and lists;
 * the conversation lists their options and rows; the chat console has the chat actor and no first call.
 */
export interface RouteData {
  kind: 'list' | 'record' | 'form' | 'conversation' | 'statistics' | 'conversations' | 'chat';
  /** The loader's code (a small lazy chunk, requested beside the view's). */
  load: () => Promise<RouteDataModule>;
  /** The loader once its chunk is in: the call then starts synchronously, ahead of any render. */
  loaded: () => RouteDataModule | undefined;
}

/**
 * What every route view receives. A route with `data` also gives its page's actor (`A`: the
 * route table's promise, e.g. a resource route's `ResourceActor`), so the page does not look it up.
 */
export interface RouteViewProps<A = unknown> {
  route: RouteDef;
  params: Record<string, string | undefined>;
  actor: A;
}

/** SPEC §2: tabbed pages take the active tab from the last path segment. */
export function activeTab<T extends string>(path: string, tabs: readonly T[], fallback: T): T {
  const last = path.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return tabs.find((tab) => tab === last) ?? fallback;
}
