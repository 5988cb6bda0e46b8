import type { AnswerValue } from '../api/review';
import { scoreEvaluation, type EvaluationResult } from '../format/evaluationScore';
import type { EvaluationActor, EvaluationSnapshot } from './evaluation';

/**
 * The evaluation actor's named API: what a view may ask (senders) and read (selectors on tags
 * and context), so no view sends a raw `{type}` or matches a state name.
 */
export function evaluationApi(ref: EvaluationActor) {
  return {
    open: (conversationId: string) => ref.send({ type: 'evaluation.open', conversationId }),
    retry: () => ref.send({ type: 'evaluation.retry' }),
    choose: (scorecardId: string) => ref.send({ type: 'evaluation.choose', scorecardId }),
    answer: (itemId: string, value: AnswerValue | null) => ref.send({ type: 'evaluation.answer', itemId, value }),
    commentOn: (itemId: string, comment: string) => ref.send({ type: 'evaluation.itemComment', itemId, comment }),
    comment: (comment: string) => ref.send({ type: 'evaluation.comment', comment }),
    saveDraft: () => ref.send({ type: 'evaluation.save' }),
    submit: () => ref.send({ type: 'evaluation.submit' }),
    cancel: () => ref.send({ type: 'evaluation.cancel' }),
    rescore: () => ref.send({ type: 'evaluation.rescore' }),
    close: () => ref.send({ type: 'evaluation.close' }),
  };
}
export type EvaluationSenders = ReturnType<typeof evaluationApi>;

export const evaluationSelectors = {
  loading: (s: EvaluationSnapshot) => s.hasTag('loading'),
  busy: (s: EvaluationSnapshot) => s.hasTag('busy'),
  saving: (s: EvaluationSnapshot) => s.hasTag('saving'),
  failed: (s: EvaluationSnapshot) => s.hasTag('failed'),
  unavailable: (s: EvaluationSnapshot) => s.hasTag('unavailable'),
  choosing: (s: EvaluationSnapshot) => s.hasTag('choosing'),
  editing: (s: EvaluationSnapshot) => s.hasTag('editing'),
  submitted: (s: EvaluationSnapshot) => s.hasTag('submitted'),
  conversationId: (s: EvaluationSnapshot) => s.context.conversationId,
  scorecards: (s: EvaluationSnapshot) => s.context.scorecards,
  evaluations: (s: EvaluationSnapshot) => s.context.evaluations,
  scorecardId: (s: EvaluationSnapshot) => s.context.scorecardId,
  items: (s: EvaluationSnapshot) => s.context.items,
  answers: (s: EvaluationSnapshot) => s.context.answers,
  comment: (s: EvaluationSnapshot) => s.context.comment,
  error: (s: EvaluationSnapshot) => s.context.error,
  fieldErrors: (s: EvaluationSnapshot) => s.context.error?.fieldErrors ?? NO_ERRORS,
  savedAt: (s: EvaluationSnapshot) => s.context.savedAt,
  /** Whether the draft is on the server already (a cancel would then lose nothing). */
  saved: (s: EvaluationSnapshot) => s.context.evaluationId !== null,
};

const NO_ERRORS: Record<string, string[]> = {};

/** The live score of the answers so far, by THE rule (src/format/evaluationScore.ts); memoise on items and answers. */
export function liveScore(items: EvaluationSnapshot['context']['items'], answers: EvaluationSnapshot['context']['answers']): EvaluationResult {
  return scoreEvaluation(items, (id) => answers[String(id)]?.value);
}
