import { tolerantOr } from '../tolerant';
import { z } from '../zod';
import { idSchema } from './common';
import { count, label, listOr, looseBoolean, nullableId, numeric, text } from './record';

/**
 * docs/review-contract.md read through the tolerant reader (docs/contract-tolerance.md): ids and
 * envelopes strict; every other field takes the plausible shapes (numeric strings, 0/1 booleans,
 * null or absent) and degrades alone.
 */

const flag = tolerantOr(z.pipe(z.nullable(z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])), z.transform((v) => v === true || v === 1 || v === '1')), false);
const numberOrNull = tolerantOr(z.nullable(numeric), null);
const kind = tolerantOr(z.pipe(z.nullable(z.string()), z.transform((v) => (v === 'yes_no' || v === 'boolean' || v === 'yes-no' ? 'yes_no' as const : 'scale' as const))), 'scale' as const);
const status = tolerantOr(z.pipe(z.nullable(z.string()), z.transform((v) => (v === 'submitted' ? 'submitted' as const : 'draft' as const))), 'draft' as const);
const answerValue = tolerantOr(z.pipe(z.nullable(z.union([z.string(), z.number()])), z.transform((v) => (v === null ? null : String(v).toLowerCase()))), null);
const gradeOrNull = tolerantOr(z.nullable(z.enum(['A', 'B', 'C', 'D', 'F'])), null);
const person = tolerantOr(z.looseObject({ id: nullableId, name: text }), { name: null });

export const scorecardItemSchema = z.looseObject({
  id: idSchema,
  position: count,
  question: label,
  kind,
  allow_na: flag,
  weight: count,
  critical: flag,
});
export type ScorecardItem = z.infer<typeof scorecardItemSchema>;

export const scorecardVersionSchema = z.looseObject({
  scorecard_id: nullableId,
  scorecard_name: text,
  version: count,
  current: looseBoolean,
  versioned: looseBoolean,
  items: listOr(scorecardItemSchema),
});
export type ScorecardVersion = z.infer<typeof scorecardVersionSchema>;

export const versionSummarySchema = z.looseObject({ version: count, created_at: text, items_count: count, evaluations_count: count, current: flag });
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** A scorecard that applies to a conversation, with its current items. */
export const applicableScorecardSchema = z.looseObject({
  id: idSchema,
  name: label,
  description: text,
  version: count,
  items: listOr(scorecardItemSchema),
});
export type ApplicableScorecard = z.infer<typeof applicableScorecardSchema>;

export const answerSchema = z.looseObject({ item_id: idSchema, value: answerValue, comment: text });
export type Answer = z.infer<typeof answerSchema>;

export const evaluationSchema = z.looseObject({
  id: idSchema,
  conversation_uuid: text,
  scorecard_id: nullableId,
  scorecard_name: text,
  scorecard_version: count,
  revision: count,
  status,
  reviewer: person,
  editable: flag,
  comment: text,
  score: numberOrNull,
  letter_grade: gradeOrNull,
  critical_failed: flag,
  current: flag,
  answers: listOr(answerSchema),
  items: listOr(scorecardItemSchema),
  created_at: text,
  updated_at: text,
  submitted_at: text,
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const noteSchema = z.looseObject({
  id: idSchema,
  line_id: tolerantOr(z.nullable(z.pipe(z.union([z.string(), z.number()]), z.transform((v) => String(v)))), null),
  seconds: count,
  body: label,
  author: person,
  editable: flag,
  created_at: text,
  updated_at: text,
});
export type Note = z.infer<typeof noteSchema>;

const stages = tolerantOr(
  z.looseObject({ stt_ms: numberOrNull, llm_ms: numberOrNull, tts_ms: numberOrNull, tool_ms: numberOrNull }),
  { stt_ms: null, llm_ms: null, tts_ms: null, tool_ms: null },
);
export const turnTimingSchema = z.looseObject({
  line_id: tolerantOr(z.nullable(z.pipe(z.union([z.string(), z.number()]), z.transform((v) => String(v)))), null),
  position: count,
  time: text,
  latency_ms: count,
  stages,
});
export type TurnTiming = z.infer<typeof turnTimingSchema>;

const latencyPoint = z.looseObject({ date: label, turns: count, p50_ms: numberOrNull, p90_ms: numberOrNull });
export const latencyStatisticsSchema = z.looseObject({
  from: text,
  to: text,
  bots: listOr(z.looseObject({ id: nullableId, name: text, turns: count, p50_ms: numberOrNull, p90_ms: numberOrNull, points: listOr(latencyPoint) })),
});
export type LatencyStatistics = z.infer<typeof latencyStatisticsSchema>;

const scorePoint = z.looseObject({ date: label, evaluations: count, average_score: numberOrNull });
export const scoreStatisticsSchema = z.looseObject({
  by: text,
  from: text,
  to: text,
  groups: listOr(z.looseObject({ id: nullableId, name: text, evaluations: count, average_score: numberOrNull, average_grade: gradeOrNull, points: listOr(scorePoint) })),
});
export type ScoreStatistics = z.infer<typeof scoreStatisticsSchema>;

