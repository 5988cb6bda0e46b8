import type { ResourceKey } from '../../api/resources';
import { openResource } from '../../machines/areas';
import { prefetch } from '../../machines/prefetch';
import type { RouteDataOwner, RouteDef } from '../../route';
import { listQuery, parseListState } from './listState';
import { SECTION_CONFIGS } from './sectionConfigs';

/**
 * A resource route's first call, from the route alone: the list's browse query from the URL (the
 * same one ListPage derives), or the record's read. ListPage and useRecord send the same event on
 * mount, which the call in flight answers (machines/prefetch.ts).
 */
export function startRouteData(owner: RouteDataOwner, route: RouteDef, params: Record<string, string | undefined>, search: string): void {
  const key = route.section?.key as ResourceKey | undefined;
  if (!key || !(key in SECTION_CONFIGS) || !route.data) return;
  const resource = openResource(owner, key);
  const scope = owner.accountFilter.getSnapshot().context.accountId;
  if (route.data.kind === 'list') {
    prefetch(resource, { type: 'resource.browse', query: listQuery(parseListState(search, SECTION_CONFIGS[key].defaultSort)) }, scope);
    return;
  }
  const id = params[route.section?.idParam ?? 'id'];
  if (id) prefetch(resource, { type: 'resource.read', id }, scope);
}
