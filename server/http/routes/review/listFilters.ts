import type { Request } from 'express';
import { fieldError } from '../../errors';
import type { SqlCondition } from '../../list';

const SCORE = /^\d{1,3}(\.\d+)?$/;

function score(name: string, value: string): number {
  const n = Number(value);
  if (!SCORE.test(value.trim()) || n > 100) throw fieldError(`filter.${name}`, `The ${name.replace('_', ' ')} filter must be a number from 0 to 100.`);
  return n;
}

/** Whose evaluations `filter[evaluation]=mine` means: the signed-in user (0, nobody, without one). */
export const reviewerOf = (req: Request): number => req.auth?.user.id ?? 0;

/**
 * The review queue's filters on the conversations list (docs/review-contract.md):
 * `filter[evaluation]=none|evaluated|mine` and `filter[score_min]`, `filter[score_max]` (0–100,
 * inclusive) on the latest submitted evaluation's score. They read `conversations` alone (the
 * list's keys come from it) plus, for `mine`, the reviewer index of the evaluations.
 */
export function evaluationFilters(req: Request): Record<string, (value: string) => SqlCondition> {
  return {
    evaluation: (value) => {
      switch (value) {
        case 'none': return { sql: 'c.evaluation_score IS NULL', params: [] };
        case 'evaluated': return { sql: 'c.evaluation_score IS NOT NULL', params: [] };
        case 'mine':
          return {
            sql: "c.id IN (SELECT conversation_id FROM conversation_evaluations WHERE reviewer_id = ? AND status = 'submitted')",
            params: [reviewerOf(req)],
          };
        default: throw fieldError('filter.evaluation', 'The selected evaluation filter is invalid (none, evaluated or mine).');
      }
    },
    score_min: (value) => ({ sql: 'c.evaluation_score >= ?', params: [score('score_min', value)] }),
    score_max: (value) => ({ sql: 'c.evaluation_score <= ?', params: [score('score_max', value)] }),
  };
}
