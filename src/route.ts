import type { Http } from './api/http';
import type { PermissionAction, Permissions } from './api/schemas/permissions';
import type { SystemRoot } from './machines/root';
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
  /** Render-as-you-fetch: the page's first call, started with the route (not by the view's effect). */
  data?: RouteData;
}

/** What a route's data loader may use: the system, the transport, the navigation and the permissions. */
export interface RouteDataOwner {
  root: SystemRoot;
  http: Http;
  /** The signed-in user's (the loader only runs signed in): some calls depend on them. */
  permissions: Permissions | null;
}

/** Where the first call is for: the location's query and account scope, and the same page's last ones. */
export interface RoutePlaceNow {
  search: string;
  accountId: string | null;
  /** The same page (route and params) when the last first call was sent: null on another page. */
  before: { search: string; accountId: string | null } | null;
}

export interface RouteDataModule {
  startRouteData(owner: RouteDataOwner, route: RouteDef, params: Record<string, string | undefined>, place: RoutePlaceNow): void;
}

/**
 * A list route starts its browse from the URL's query; a record route its read; the conversation
 * page opens its record and tab; the statistics overview loads its figures.
 */
export interface RouteData {
  kind: 'list' | 'record' | 'conversation' | 'statistics';
  /** The loader's code (a small lazy chunk, requested beside the view's). */
  load: () => Promise<RouteDataModule>;
  /** The loader once its chunk is in: the call then starts synchronously, ahead of any render. */
  loaded: () => RouteDataModule | undefined;
}

/** What every route view receives. */
export interface RouteViewProps {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/** SPEC §2: tabbed pages take the active tab from the last path segment. */
export function activeTab<T extends string>(path: string, tabs: readonly T[], fallback: T): T {
  const last = path.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return tabs.find((tab) => tab === last) ?? fallback;
}
