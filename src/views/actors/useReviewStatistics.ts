import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { openReviewStatistics } from '../../machines/reviewArea';
import { reviewStatisticsApi } from '../../machines/reviewStatistics.api';
import type { ReviewStatisticsSnapshot } from '../../machines/reviewStatistics';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

function useReviewStatisticsActor() {
  const portal = usePortal();
  return useMemo(() => openReviewStatistics(portal), [portal]);
}
/** The review statistics' named senders (figures, export). */
export function useReviewStatistics() {
  return useActorApi(useReviewStatisticsActor(), reviewStatisticsApi);
}
/** A read of the review statistics: pass one of `reviewStatisticsSelectors`. */
export function useReviewStatisticsState<T>(select: (s: ReviewStatisticsSnapshot) => T): T {
  return useSelector(useReviewStatisticsActor(), select);
}
