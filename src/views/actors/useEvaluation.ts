import { useSelector } from '@xstate/react';
import { evaluationApi } from '../../machines/evaluation.api';
import type { EvaluationSnapshot } from '../../machines/evaluation';
import { useActorApi } from './useActorApi';
import { useReviewActors } from './useReviewActors';

/** The evaluation actor's named senders, stable per actor. */
export function useEvaluation() {
  return useActorApi(useReviewActors().evaluation, evaluationApi);
}
/** A read of the evaluation actor: pass one of `evaluationSelectors`. */
export function useEvaluationState<T>(select: (s: EvaluationSnapshot) => T): T {
  return useSelector(useReviewActors().evaluation, select);
}
