import { openReporting } from '../../machines/areas/reporting';
import type { StatisticsActor, StatisticsEvent } from '../../machines/statistics';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { rangeFrom } from './dateRange';

/** The overview's figures for the URL's range, each on its own channel (they load side by side). */
export function overviewLoads(params: URLSearchParams): Array<StatisticsEvent & { type: 'statistics.load' }> {
  const { from, to } = rangeFrom(params);
  const query = { from, to };
  return [
    ...(['global', 'timeseries', 'globalRoles', 'rankings'] as const).map((kind) => ({ type: 'statistics.load' as const, kind, query })),
    { type: 'statistics.load', kind: 'active' },
  ];
}

/** The reporting overview's actor: the statistics (its figures, each on its own channel). */
export function pageActor(owner: RouteDataOwner): StatisticsActor {
  return openReporting(owner).statistics;
}

/**
 * The overview's first calls (the route actor runs them for each new place): its figures for the
 * URL's range and the account (again when either changes, not for its table's sort).
 */
export function startRouteData(statistics: StatisticsActor, _route: RouteDef, _params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const range = (search: string) => JSON.stringify(rangeFrom(new URLSearchParams(search)));
  if (place.before && place.before.accountId === place.accountId && range(place.before.search) === range(place.search)) return;
  for (const load of overviewLoads(new URLSearchParams(place.search))) statistics.send(load);
}
