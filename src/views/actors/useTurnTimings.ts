import { useSelector } from '@xstate/react';
import { turnTimingsApi } from '../../machines/turnTimings.api';
import type { TurnTimingsSnapshot } from '../../machines/turnTimings';
import { useActorApi } from './useActorApi';
import { useReviewActors } from './useReviewActors';

/** The per-turn timings' named senders (open, retry). */
export function useTurnTimings() {
  return useActorApi(useReviewActors().timings, turnTimingsApi);
}
/** A read of the timings: pass one of `turnTimingsSelectors`. */
export function useTurnTimingsState<T>(select: (s: TurnTimingsSnapshot) => T): T {
  return useSelector(useReviewActors().timings, select);
}
