import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ReportFile } from '../api/reporting';
import { type ReviewApi, type ReviewStatisticsQuery, type ScoreGroup } from '../api/review';
import type { LatencyStatistics, ScoreStatistics } from '../api/schemas/review';
import { failureOf, unavailableOrFailed, type OperationFailure } from './operation';
import { saveFile } from './saveFile';

/**
 * Review statistics (issue 29): response latency p50/p90 per bot and day, and the average
 * evaluation score per role, instance or bot and day, for the overview's date range; each
 * exported like the other statistics. Two regions: the figures (loading → ready | failed |
 * unavailable on 404/405) and the export (idle → exporting → exported | failed).
 */

export type ReviewStatisticsApi = Pick<ReviewApi, 'latency' | 'evaluationScores' | 'exportLatency' | 'exportEvaluationScores'>;
export type ReviewExport = 'latency' | 'scores';

export interface ReviewStatisticsContext {
  query: ReviewStatisticsQuery;
  by: ScoreGroup;
  latency: LatencyStatistics | null;
  scores: ScoreStatistics | null;
  error: OperationFailure | null;
  exportError: OperationFailure | null;
  exported: string | null;
}

export type ReviewStatisticsEvent =
  | { type: 'reviewStatistics.load'; query: ReviewStatisticsQuery; by?: ScoreGroup }
  | { type: 'reviewStatistics.group'; by: ScoreGroup }
  | { type: 'reviewStatistics.export'; kind: ReviewExport };

export function createReviewStatisticsMachine(api: ReviewStatisticsApi, save: (file: ReportFile) => void = saveFile) {
  return setup({
    types: { context: {} as ReviewStatisticsContext, events: {} as ReviewStatisticsEvent },
    actors: {
      load: fromPromise<{ latency: LatencyStatistics; scores: ScoreStatistics }, { query: ReviewStatisticsQuery; by: ScoreGroup }>(async ({ input, signal }) => {
        const [latency, scores] = await Promise.all([api.latency(input.query, signal), api.evaluationScores(input.by, input.query, signal)]);
        return { latency, scores };
      }),
      exportFile: fromPromise<string, { kind: ReviewExport; query: ReviewStatisticsQuery; by: ScoreGroup }>(async ({ input, signal }) => {
        const file = input.kind === 'latency' ? await api.exportLatency(input.query, signal) : await api.exportEvaluationScores(input.by, input.query, signal);
        save(file);
        return file.filename;
      }),
    },
  }).createMachine({
    id: 'reviewStatistics',
    type: 'parallel',
    context: { query: {}, by: 'role', latency: null, scores: null, error: null, exportError: null, exported: null },
    states: {
      figures: {
        initial: 'idle',
        on: {
          'reviewStatistics.load': { target: '.loading', actions: assign(({ context, event }) => ({ query: event.query, by: event.by ?? context.by })) },
          'reviewStatistics.group': { target: '.loading', actions: assign(({ event }) => ({ by: event.by })) },
        },
        states: {
          idle: {},
          loading: {
            tags: ['loading'],
            invoke: {
              src: 'load',
              input: ({ context }) => ({ query: context.query, by: context.by }),
              onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, error: null })) },
              onError: unavailableOrFailed({ unavailable: 'unavailable', failed: 'failed' }, 'Error Loading Records'),
            },
          },
          ready: { tags: ['ready'] },
          failed: { tags: ['failed'] },
          // Stays: a backend without these statistics does not get asked again this session.
          unavailable: { tags: ['unavailable'], on: { 'reviewStatistics.load': {}, 'reviewStatistics.group': {} } },
        },
      },
      export: {
        initial: 'idle',
        states: {
          idle: { on: { 'reviewStatistics.export': 'exporting' } },
          exporting: {
            tags: ['exporting'],
            invoke: {
              src: 'exportFile',
              input: ({ context, event }) => ({ kind: (event as { kind: ReviewExport }).kind, query: context.query, by: context.by }),
              onDone: { target: 'exported', actions: assign(({ event }) => ({ exported: event.output, exportError: null })) },
              onError: { target: 'exportFailed', actions: assign(({ event }) => ({ exportError: failureOf(event.error, 'Export Record Failed') })) },
            },
          },
          exported: { tags: ['exported'], on: { 'reviewStatistics.export': 'exporting' } },
          exportFailed: { tags: ['exportFailed'], on: { 'reviewStatistics.export': 'exporting' } },
        },
      },
    },
  });
}

export type ReviewStatisticsActor = ActorRefFrom<ReturnType<typeof createReviewStatisticsMachine>>;
export type ReviewStatisticsSnapshot = SnapshotFrom<ReturnType<typeof createReviewStatisticsMachine>>;
