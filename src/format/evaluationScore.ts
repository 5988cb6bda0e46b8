/**
 * THE score rule of a conversation evaluation (issue 29), used by the reference API when an
 * evaluation is saved and by the portal while a reviewer answers, so both always agree.
 * docs/review-contract.md states it for backend teams:
 *
 * - An item is answered `yes`/`no` (kind `yes_no`), `1`…`5` (kind `scale`), or `na` where the
 *   item allows N/A.
 * - Points: yes 1, no 0; a scale answer n gives (n − 1) / 4 (1 → 0, 3 → 0.5, 5 → 1).
 * - Score = 100 × Σ(weight × points) / Σ(weight) over the answered items that are not N/A,
 *   rounded to one decimal; null when no item counts (nothing answered, or all N/A).
 * - A critical item fails on `no` or on 1 or 2 of a scale: the whole evaluation fails, score 0.
 * - Letter grade from the score: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F.
 */

export const ANSWER_VALUES = ['yes', 'no', 'na', '1', '2', '3', '4', '5'] as const;
export type AnswerValue = (typeof ANSWER_VALUES)[number];
export type ItemKind = 'yes_no' | 'scale';
export type LetterGrade = 'A' | 'B' | 'C' | 'D' | 'F';

export interface ScoredItem {
  id: number | string;
  kind: ItemKind;
  weight: number;
  critical: boolean;
  allow_na: boolean;
}

export interface EvaluationResult {
  score: number | null;
  letter_grade: LetterGrade | null;
  critical_failed: boolean;
}

/** Whether `value` is a possible answer to an item of `kind` (N/A only where allowed). */
export function answerFits(item: Pick<ScoredItem, 'kind' | 'allow_na'>, value: string): value is AnswerValue {
  if (value === 'na') return item.allow_na;
  return item.kind === 'yes_no' ? value === 'yes' || value === 'no' : /^[1-5]$/.test(value);
}

/** Points of one answer, 0..1; null for N/A or no answer. */
export function answerPoints(kind: ItemKind, value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '' || value === 'na') return null;
  if (kind === 'yes_no') return value === 'yes' ? 1 : 0;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? (n - 1) / 4 : null;
}

/** Whether an answer fails the item outright: `no`, or 1–2 on a scale (a critical one fails the evaluation). */
export function failsItem(kind: ItemKind, value: string | null | undefined): boolean {
  return kind === 'yes_no' ? value === 'no' : value === '1' || value === '2';
}

export function letterOfScore(score: number | null): LetterGrade | null {
  if (score === null) return null;
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

/** The score, letter and critical failure of `answers` (item id → value) against `items`. */
export function scoreEvaluation(items: readonly ScoredItem[], answers: (id: ScoredItem['id']) => string | null | undefined): EvaluationResult {
  let earned = 0;
  let possible = 0;
  let criticalFailed = false;
  for (const item of items) {
    const value = answers(item.id);
    if (item.critical && failsItem(item.kind, value)) criticalFailed = true;
    const points = answerPoints(item.kind, value);
    if (points === null) continue;
    const weight = Math.max(0, item.weight);
    earned += weight * points;
    possible += weight;
  }
  if (criticalFailed) return { score: 0, letter_grade: 'F', critical_failed: true };
  const score = possible > 0 ? Math.round((1000 * earned) / possible) / 10 : null;
  return { score, letter_grade: letterOfScore(score), critical_failed: false };
}
