import { statisticsApi } from '../../machines/statistics.api';
import { useReporting } from '../reporting/useReporting';
import { useActorApi } from './useActorApi';

/** The statistics actor's named senders; its panels are read with useChildOperation(statistics, kind). */
export function useStatistics() {
  return useActorApi(useReporting().statistics, statisticsApi);
}
