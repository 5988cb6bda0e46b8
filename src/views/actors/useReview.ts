import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { notesApi } from '../../machines/conversationNotes.api';
import type { NotesSnapshot } from '../../machines/conversationNotes';
import { evaluationApi } from '../../machines/evaluation.api';
import type { EvaluationSnapshot } from '../../machines/evaluation';
import { openReview, openReviewStatistics, openScorecardItems, type ReviewActors } from '../../machines/reviewArea';
import { scorecardItemsApi } from '../../machines/scorecardItems.api';
import type { ScorecardItemsSnapshot } from '../../machines/scorecardItems';
import { reviewStatisticsApi } from '../../machines/reviewStatistics.api';
import type { ReviewStatisticsSnapshot } from '../../machines/reviewStatistics';
import { reviewQueueApi } from '../../machines/reviewQueue.api';
import type { ReviewQueueSnapshot } from '../../machines/reviewQueue';
import { turnTimingsApi } from '../../machines/turnTimings.api';
import type { TurnTimingsSnapshot } from '../../machines/turnTimings';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The review area's actors (spawned on first use). */
export function useReviewActors(): ReviewActors {
  const portal = usePortal();
  return useMemo(() => openReview(portal), [portal]);
}

/** The evaluation actor's named senders, stable per actor. */
export function useEvaluation() {
  return useActorApi(useReviewActors().evaluation, evaluationApi);
}
/** A read of the evaluation actor: pass one of `evaluationSelectors`. */
export function useEvaluationState<T>(select: (s: EvaluationSnapshot) => T): T {
  return useSelector(useReviewActors().evaluation, select);
}

export function useReviewQueue() {
  return useActorApi(useReviewActors().queue, reviewQueueApi);
}
export function useReviewQueueState<T>(select: (s: ReviewQueueSnapshot) => T): T {
  return useSelector(useReviewActors().queue, select);
}

export function useNotes() {
  return useActorApi(useReviewActors().notes, notesApi);
}
export function useNotesState<T>(select: (s: NotesSnapshot) => T): T {
  return useSelector(useReviewActors().notes, select);
}

export function useTurnTimings() {
  return useActorApi(useReviewActors().timings, turnTimingsApi);
}
export function useTurnTimingsState<T>(select: (s: TurnTimingsSnapshot) => T): T {
  return useSelector(useReviewActors().timings, select);
}

function useReviewStatisticsActor() {
  const portal = usePortal();
  return useMemo(() => openReviewStatistics(portal), [portal]);
}
export function useReviewStatistics() {
  return useActorApi(useReviewStatisticsActor(), reviewStatisticsApi);
}
export function useReviewStatisticsState<T>(select: (s: ReviewStatisticsSnapshot) => T): T {
  return useSelector(useReviewStatisticsActor(), select);
}

function useScorecardItemsActor() {
  const portal = usePortal();
  return useMemo(() => openScorecardItems(portal), [portal]);
}
export function useScorecardItems() {
  return useActorApi(useScorecardItemsActor(), scorecardItemsApi);
}
export function useScorecardItemsState<T>(select: (s: ScorecardItemsSnapshot) => T): T {
  return useSelector(useScorecardItemsActor(), select);
}
