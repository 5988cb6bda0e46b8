import type { StatisticsEntity } from '../../api/reporting';
import { openReporting } from '../../machines/areas/reporting';
import type { StatisticsActor, StatisticsEvent } from '../../machines/statistics';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { pageSizeOf } from '../common/pageSize';
import { rangeFrom } from './dateRange';

/**
 * The statistics pages' loader (routes.ts `statisticsData`): the overview, role and instance
 * statistics, their breakdowns and the instances × grades matrix all talk to the statistics
 * actor. For each new place the route actor runs `startRouteData`, which sends the page's loads
 * built from the URL (the page sends none itself: its retry and reset buttons ask again with the
 * same builders). A load is sent again only when what it depends on changed (the account, or the
 * URL parameters it reads), not for the URL's other parameters (a table's sort, a chosen cell).
 */

type Load = StatisticsEvent & { type: 'statistics.load' };

/** The overview's figures for the URL's range, each on its own channel (they load side by side). */
export function overviewLoads(params: URLSearchParams): Load[] {
  const { from, to } = rangeFrom(params);
  const query = { from, to };
  return [
    ...(['global', 'timeseries', 'globalRoles', 'rankings'] as const).map((kind) => ({ type: 'statistics.load' as const, kind, query })),
    { type: 'statistics.load', kind: 'active' },
  ];
}

/** Role or instance statistics: the URL's page of rows (range, search, sort, page, page size). */
export function entityLoad(entity: StatisticsEntity, params: URLSearchParams): Load {
  const { from, to } = rangeFrom(params);
  const search = params.get('search') ?? '';
  const query = { from, to, search: search || undefined, sort: params.get('sort') ?? '-conversations', page: Number(params.get('page')) || 1, show: pageSizeOf(params) };
  return { type: 'statistics.load', kind: entity === 'roles' ? 'roles' : 'instances', query };
}

/** A breakdown page's picker: every role or instance of the account, by name. */
export function breakdownOptionsLoad(entity: StatisticsEntity): Load {
  return { type: 'statistics.load', kind: entity === 'roles' ? 'roles' : 'instances', query: { show: 100, sort: 'name' } };
}

const breakdownKind = (entity: StatisticsEntity) => (entity === 'roles' ? 'roleBreakdown' : 'instanceBreakdown');

/** The URL's role or instance breakdown for its range; null without an `id` (the breakdown empties). */
export function breakdownLoad(entity: StatisticsEntity, params: URLSearchParams): Load | null {
  const id = params.get('id') ?? '';
  const { from, to } = rangeFrom(params);
  return id ? { type: 'statistics.load', kind: breakdownKind(entity), query: { from, to }, id } : null;
}

/** The instances × grades matrix for the URL's range: its rows (instances) and its total row. */
export function gradeMatrixLoads(params: URLSearchParams): Load[] {
  const { from, to } = rangeFrom(params);
  return [
    { type: 'statistics.load', kind: 'instances', query: { from, to, show: 100, sort: 'name' } },
    { type: 'statistics.load', kind: 'global', query: { from, to } },
  ];
}

/** Each statistics page's first calls, and what in the URL they depend on. */
interface PageCalls {
  /** The loads for this URL. */
  calls: (params: URLSearchParams) => StatisticsEvent[];
  /** The URL parameters they read (another value: sent again); none: only a new account sends them again. */
  reads: readonly string[];
}
const RANGE = ['from', 'to'];
const entityPage = (entity: StatisticsEntity): PageCalls => ({ calls: (p) => [entityLoad(entity, p)], reads: [...RANGE, 'search', 'sort', 'page', 'show'] });
const breakdownPage = (entity: StatisticsEntity): PageCalls[] => [
  { calls: () => [breakdownOptionsLoad(entity)], reads: [] },
  { calls: (p) => [breakdownLoad(entity, p) ?? { type: 'statistics.reset', kinds: [breakdownKind(entity)] }], reads: [...RANGE, 'id'] },
];
const FIRST_CALLS: Record<string, PageCalls[]> = {
  '/reporting': [{ calls: overviewLoads, reads: RANGE }],
  '/reporting/roles': [entityPage('roles')],
  '/reporting/instances': [entityPage('instances')],
  '/reporting/roles/breakdown': breakdownPage('roles'),
  '/reporting/instances/breakdown': breakdownPage('instances'),
  '/reporting/conversations-by-instance-grade': [{ calls: gradeMatrixLoads, reads: RANGE }],
};

/** What `reads` of a query string are (all values of each, in order). */
const readOf = (search: string, reads: readonly string[]) => {
  const params = new URLSearchParams(search);
  return JSON.stringify(reads.map((name) => params.getAll(name)));
};

/** The statistics pages' actor: the statistics (each figure and list on its own channel). */
export function pageActor(owner: RouteDataOwner): StatisticsActor {
  return openReporting(owner).statistics;
}

/** The page's first calls (the route actor runs them for each new place): those whose inputs changed. */
export function startRouteData(statistics: StatisticsActor, route: RouteDef, _params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const params = new URLSearchParams(place.search);
  for (const page of FIRST_CALLS[route.path] ?? []) {
    const same = place.before && place.before.accountId === place.accountId && readOf(place.before.search, page.reads) === readOf(place.search, page.reads);
    if (!same) for (const call of page.calls(params)) statistics.send(call);
  }
}
