import { useSelector } from '@xstate/react';
import { reviewQueueApi } from '../../machines/reviewQueue.api';
import type { ReviewQueueSnapshot } from '../../machines/reviewQueue';
import { useActorApi } from './useActorApi';
import { useReviewActors } from './useReviewActors';

/** The review queue's named senders ("next not evaluated", the list's filters, support check). */
export function useReviewQueue() {
  return useActorApi(useReviewActors().queue, reviewQueueApi);
}
/** A read of the review queue: pass one of `reviewQueueSelectors`. */
export function useReviewQueueState<T>(select: (s: ReviewQueueSnapshot) => T): T {
  return useSelector(useReviewActors().queue, select);
}
