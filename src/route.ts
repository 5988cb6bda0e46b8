import type { PermissionAction } from './api/schemas/permissions';
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
