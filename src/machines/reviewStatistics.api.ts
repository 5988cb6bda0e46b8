import type { ReviewStatisticsQuery, ScoreGroup } from '../api/review';
import type { ReviewExport, ReviewStatisticsActor, ReviewStatisticsSnapshot } from './reviewStatistics';
import type { OperationState } from './operation';

/** The review statistics actor's named API. */
export function reviewStatisticsApi(ref: ReviewStatisticsActor) {
  return {
    load: (query: ReviewStatisticsQuery) => ref.send({ type: 'reviewStatistics.load', query }),
    groupBy: (by: ScoreGroup) => ref.send({ type: 'reviewStatistics.group', by }),
    exportFile: (kind: ReviewExport) => ref.send({ type: 'reviewStatistics.export', kind }),
  };
}

export const reviewStatisticsSelectors = {
  loading: (s: ReviewStatisticsSnapshot) => s.hasTag('loading'),
  ready: (s: ReviewStatisticsSnapshot) => s.hasTag('ready'),
  failed: (s: ReviewStatisticsSnapshot) => s.hasTag('failed'),
  unavailable: (s: ReviewStatisticsSnapshot) => s.hasTag('unavailable'),
  latency: (s: ReviewStatisticsSnapshot) => s.context.latency,
  scores: (s: ReviewStatisticsSnapshot) => s.context.scores,
  by: (s: ReviewStatisticsSnapshot) => s.context.by,
  error: (s: ReviewStatisticsSnapshot) => s.context.error,
  exportError: (s: ReviewStatisticsSnapshot) => s.context.exportError,
  exported: (s: ReviewStatisticsSnapshot) => s.context.exported,
  /** The export as ExportStatus reads an operation. */
  exportState: (s: ReviewStatisticsSnapshot): OperationState =>
    s.hasTag('exporting') ? 'loading' : s.hasTag('exported') ? 'succeeded' : s.hasTag('exportFailed') ? 'failed' : 'idle',
};
