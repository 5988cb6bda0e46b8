import { assign, enqueueActions, setup, spawnChild, type ActorRefFrom, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { ReportFile, ReportingApi, StatisticsExport, StatisticsQuery } from '../api/reporting';
import { createChildOperation, withoutResults, type OperationActor, type OperationReport } from './operation';
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
  | { type: 'statistics.export'; kind: StatisticsExport; query?: StatisticsQuery; id?: string }
  | OperationReport;

export interface StatisticsContext {
  /** What each call answered: THE copy (its operation keeps none). */
  results: Partial<Record<StatisticsKind, unknown>>;
}

export const statisticsSystemId = (kind: StatisticsKind) => `statistics:${kind}`;

type Api = Pick<ReportingApi, 'global' | 'active' | 'timeseries' | 'globalRoles' | 'rankings' | 'entities' | 'breakdown' | 'exportStatistics'>;

/**
 * Role, instance and global statistics (systemId `statistics`): one operation per call, so each
 * panel has its own loading and failure, and a newer request for the same panel supersedes the
 * older one. The results live here, reported by the operations; `statistics.reset` empties them.
 */
export function createStatisticsMachine(api: Api, save: (file: ReportFile) => void = saveFile) {
  const calls: Record<StatisticsKind, (input: never, signal: AbortSignal) => Promise<unknown>> = {
    global: ({ query }: StatisticsLoadInput, signal) => api.global(query, signal),
    active: (_input: StatisticsLoadInput, signal) => api.active(signal),
    timeseries: ({ query }: StatisticsLoadInput, signal) => api.timeseries(query, signal),
    globalRoles: ({ query }: StatisticsLoadInput, signal) => api.globalRoles(query, signal),
    rankings: ({ query }: StatisticsLoadInput, signal) => api.rankings(query, signal),
    roles: ({ query }: StatisticsLoadInput, signal) => api.entities('roles', query, signal),
    roleBreakdown: ({ id, query }: StatisticsLoadInput, signal) => api.breakdown('roles', id ?? '', query, signal),
    instances: ({ query }: StatisticsLoadInput, signal) => api.entities('instances', query, signal),
    instanceBreakdown: ({ id, query }: StatisticsLoadInput, signal) => api.breakdown('instances', id ?? '', query, signal),
    export: async ({ kind, query, id }: { kind: StatisticsExport; query?: StatisticsQuery; id?: string }, signal) => {
      const file = await api.exportStatistics(kind, { ...query, id }, signal);
      save(file);
      return file.filename;
    },
  };
  const operations: Record<string, AnyActorLogic> = {};
  for (const kind of STATISTICS_KINDS) operations[kind] = createChildOperation(calls[kind]);

  return setup({
    types: { context: {} as StatisticsContext, events: {} as StatisticsEvent },
    actors: operations,
  }).createMachine({
    id: 'statistics',
    context: { results: {} },
    entry: STATISTICS_KINDS.map((kind) => spawnChild(kind, { id: kind, systemId: statisticsSystemId(kind), input: { summary: STATISTICS_SUMMARIES[kind] } })),
    on: {
      'statistics.load': {
        actions: enqueueActions(({ enqueue, event }) =>
          enqueue.sendTo(event.kind, { type: 'operation.start', input: { query: event.query, id: event.id } satisfies StatisticsLoadInput }),
        ),
      },
      'statistics.reset': {
        actions: enqueueActions(({ enqueue, event, context }) => {
          const kinds = event.kinds ?? RESETTABLE;
          for (const kind of kinds) enqueue.sendTo(kind, { type: 'operation.reset' });
          enqueue.assign({ results: withoutResults(context.results, kinds) });
        }),
      },
      'operation.report.succeeded': { actions: assign(({ context, event }) => ({ results: { ...context.results, [event.kind]: event.output } })) },
      'statistics.export': {
        actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('export', { type: 'operation.start', input: { kind: event.kind, query: event.query, id: event.id } })),
      },
    },
  });
}

export type StatisticsMachine = ReturnType<typeof createStatisticsMachine>;
export type StatisticsActor = ActorRefFrom<StatisticsMachine>;
export type StatisticsSnapshot = SnapshotFrom<StatisticsMachine>;

/** One statistics operation, for views and tests. */
export function statisticsOperation(actor: StatisticsActor, kind: StatisticsKind): OperationActor {
  const child = actor.getSnapshot().children[kind] as OperationActor | undefined;
  if (!child) throw new Error(`statistics: no operation "${kind}"`);
  return child;
}
