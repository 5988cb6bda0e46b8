import type { StatisticsExport, StatisticsQuery } from '../api/reporting';
import type { StatisticsActor, StatisticsEvent, StatisticsLoadKind } from './statistics';

/**
 * The statistics actor's named senders (reads go through its operations: useChildOperation).
 * A load equal to the one in flight for its panel is not sent twice (statistics.ts).
 */
export function statisticsApi(ref: StatisticsActor) {
  return {
    load: (kind: StatisticsLoadKind, query?: StatisticsQuery, id?: string) => ref.send({ type: 'statistics.load', kind, query, id }),
    /** Several panels at once, as the route's first calls name them (views/reporting/routeData.ts overviewLoads). */
    loadEach: (loads: readonly (StatisticsEvent & { type: 'statistics.load' })[]) => {
      for (const load of loads) ref.send(load);
    },
    /** Empties `kinds` (default: every resettable panel). */
    reset: (kinds?: readonly StatisticsLoadKind[]) => ref.send({ type: 'statistics.reset', kinds }),
    exportFile: (kind: StatisticsExport, query?: StatisticsQuery, id?: string) => ref.send({ type: 'statistics.export', kind, query, id }),
  };
}
