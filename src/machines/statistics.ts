import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ReportFile, ReportingApi, StatisticsExport, StatisticsQuery } from '../api/reporting';
import { defineOperations, inFlight, withoutResults, withReport, type OperationFamily, type ReportOf, type ResultsOf } from './operation';
import { saveFile } from './saveFile';

/** Each statistics call is one operation child (status 0–3, `{summary, detail}` of SPEC §8). */
export const STATISTICS_KINDS = ['global', 'active', 'timeseries', 'globalRoles', 'rankings', 'roles', 'roleBreakdown', 'instances', 'instanceBreakdown', 'export'] as const;
export type StatisticsKind = (typeof STATISTICS_KINDS)[number];
export type StatisticsLoadKind = Exclude<StatisticsKind, 'export'>;

/** SPEC §4: role and instance breakdowns and global statistics can be reset to empty. */
export const RESETTABLE: readonly StatisticsLoadKind[] = ['roleBreakdown', 'instanceBreakdown', 'global', 'active', 'timeseries', 'globalRoles', 'rankings'];

export const STATISTICS_SUMMARIES: Record<StatisticsKind, string> = {
  global: 'Error Loading Records',
  active: 'Error Loading Records',
  timeseries: 'Error Loading Records',
  globalRoles: 'Error Loading Roles',
  rankings: 'Error Loading Roles',
  roles: 'Error Loading Roles',
  roleBreakdown: 'Error Loading Role',
  instances: 'Error Loading Instances',
  instanceBreakdown: 'Error Loading Record',
  export: 'Export Record Failed',
};

export interface StatisticsLoadInput {
  query?: StatisticsQuery;
  /** The role or instance of a breakdown. */
  id?: string;
}

export type StatisticsEvent =
  | { type: 'statistics.load'; kind: StatisticsLoadKind; query?: StatisticsQuery; id?: string }
  | { type: 'statistics.reset'; kinds?: readonly StatisticsLoadKind[] }
  | { type: 'statistics.export'; kind: StatisticsExport; query?: StatisticsQuery; id?: string };

export interface StatisticsContext {
  /** What each call answered: THE copy (its operation keeps none). */
  results: Partial<StatisticsResults>;
}

export const statisticsSystemId = (kind: StatisticsKind) => `statistics:${kind}`;

type Api = Pick<ReportingApi, 'global' | 'active' | 'timeseries' | 'globalRoles' | 'rankings' | 'entities' | 'breakdown' | 'exportStatistics'>;

/**
 * Role, instance and global statistics (systemId `statistics`): one operation per call, so each
 * panel has its own loading and failure, and a newer request for the same panel supersedes the
 * older one. The results live here, reported by the operations; `statistics.reset` empties them.
 */
function statisticsOperations(api: Api, save: (file: ReportFile) => void) {
  const S = STATISTICS_SUMMARIES;
  return defineOperations(
    {
      global: { summary: S.global, call: ({ query }: StatisticsLoadInput, signal: AbortSignal) => api.global(query, signal) },
      active: { summary: S.active, call: (_input: StatisticsLoadInput, signal: AbortSignal) => api.active(signal) },
      timeseries: { summary: S.timeseries, call: ({ query }: StatisticsLoadInput, signal: AbortSignal) => api.timeseries(query, signal) },
      globalRoles: { summary: S.globalRoles, call: ({ query }: StatisticsLoadInput, signal: AbortSignal) => api.globalRoles(query, signal) },
      rankings: { summary: S.rankings, call: ({ query }: StatisticsLoadInput, signal: AbortSignal) => api.rankings(query, signal) },
      roles: { summary: S.roles, call: ({ query }: StatisticsLoadInput, signal: AbortSignal) => api.entities('roles', query, signal) },
      roleBreakdown: { summary: S.roleBreakdown, call: ({ id, query }: StatisticsLoadInput, signal: AbortSignal) => api.breakdown('roles', id ?? '', query, signal) },
      instances: { summary: S.instances, call: ({ query }: StatisticsLoadInput, signal: AbortSignal) => api.entities('instances', query, signal) },
      instanceBreakdown: { summary: S.instanceBreakdown, call: ({ id, query }: StatisticsLoadInput, signal: AbortSignal) => api.breakdown('instances', id ?? '', query, signal) },
      export: {
        summary: S.export,
        call: async ({ kind, query, id }: { kind: StatisticsExport; query?: StatisticsQuery; id?: string }, signal: AbortSignal) => {
          const file = await api.exportStatistics(kind, { ...query, id }, signal);
          save(file);
          return file.filename;
        },
      },
    },
    statisticsSystemId,
  );
}

type StatisticsOperations = ReturnType<typeof statisticsOperations> extends OperationFamily<infer S> ? S : never;
/** What each statistics call answers (inferred from its call). */
export type StatisticsResults = ResultsOf<StatisticsOperations>;

/**
 * Role, instance and global statistics (systemId `statistics`): one operation per call, so each
 * panel has its own loading and failure, and a newer request for the same panel supersedes the
 * older one. The results live here, reported by the operations; `statistics.reset` empties them.
 * A load equal to the one in flight for its panel is the same request: it is not sent again.
 */
export function createStatisticsMachine(api: Api, save: (file: ReportFile) => void = saveFile) {
  const operations = statisticsOperations(api, save);

  return setup({
    types: { context: {} as StatisticsContext, events: {} as StatisticsEvent | ReportOf<StatisticsOperations> },
    actors: operations.actors,
  }).createMachine({
    id: 'statistics',
    context: { results: {} },
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    on: {
      'statistics.load': {
        actions: enqueueActions(({ enqueue, event, self }) => {
          const input = { query: event.query, id: event.id } satisfies StatisticsLoadInput;
          if (inFlight(self, event.kind, input)) return;
          enqueue.sendTo(event.kind, operations.start(event.kind, input));
        }),
      },
      'statistics.reset': {
        actions: enqueueActions(({ enqueue, event, context }) => {
          const kinds = event.kinds ?? RESETTABLE;
          operations.reset(enqueue, kinds);
          enqueue.assign({ results: withoutResults(context.results, kinds) });
        }),
      },
      'operation.report.succeeded': { actions: assign(({ context, event }) => ({ results: withReport(context.results, event) })) },
      'statistics.export': {
        actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('export', operations.start('export', { kind: event.kind, query: event.query, id: event.id }))),
      },
    },
  });
}

export type StatisticsMachine = ReturnType<typeof createStatisticsMachine>;
export type StatisticsActor = ActorRefFrom<StatisticsMachine>;
export type StatisticsSnapshot = SnapshotFrom<StatisticsMachine>;

