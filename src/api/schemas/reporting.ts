import { tolerant, tolerantOr } from '../tolerant';
import { z } from '../zod';
import { idSchema } from './common';
import { count, label, listOr, looseBoolean, looseNumber, nullableId, numeric, refId, text } from './record';

/**
 * docs/reporting-contract.md (the reference API's shapes) read through the tolerant reader
 * (docs/contract-tolerance.md): SPEC defines ids, a conversation's and a quote's uuid and the
 * envelopes, which stay strict; every other field is "not shown" and takes the plausible shapes
 * (number or numeric string, id or object with an id, null or absent, extra keys). A field that
 * still fails degrades alone: a count to 0, a label to its raw text, an optional field is left out.
 */

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export const gradeSchema = z.enum(GRADES);
export type Grade = z.infer<typeof gradeSchema>;

/** A letter grade; any other value reads as "no grade" (reported). */
const grade = tolerantOr(z.nullable(gradeSchema), null);
const optionalGrade = tolerant(z.nullable(gradeSchema));
/** Text that may be absent; null reads as absent. */
const optionalText = tolerant(z.pipe(z.nullable(z.string()), z.transform((value) => value ?? undefined)), 'text');
/** A number that may be absent; a numeric string is read, null reads as absent. */
const optionalNumber = tolerant(z.pipe(z.nullable(numeric), z.transform((value) => value ?? undefined)));
/** A score that is null with no graded conversation. */
const scoreOrNull = tolerantOr(z.nullable(numeric), null);
const optionalScore = tolerant(z.nullable(numeric));

export const gradeCountsSchema = z.object({ A: count, B: count, C: count, D: count, F: count });
export type GradeCounts = z.infer<typeof gradeCountsSchema>;

export const conversationSchema = z.looseObject({
  id: idSchema,
  uuid: z.string(),
  account_id: nullableId,
  account_name: text,
  role_id: nullableId,
  instance_id: nullableId,
  bot_id: nullableId,
  contact_id: nullableId,
  disposition_id: nullableId,
  channel: label,
  direction: label,
  status: label,
  phone_number: text,
  started_at: label,
  ended_at: text,
  duration_seconds: count,
  cost: count,
  letter_grade: grade,
  summary: text,
  role_name: text,
  instance_name: text,
  bot_name: text,
  contact_name: text,
  disposition_label: text,
  counts: tolerant(z.record(z.string(), numeric)),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const recordingSchema = z.looseObject({
  uuid: z.string(),
  label,
  /**
   * Whether the backend still keeps the audio; null when it does not say (a Laravel resource of
   * `{uuid, url, duration, mime_type, created_at}`): then a recording with a url is playable.
   */
  has_audio: tolerantOr(z.pipe(z.nullable(z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])), z.transform((value) => (value === null ? null : value === true || value === 1 || value === '1'))), null),
  duration_seconds: count,
  created_at: label,
  url: tolerantOr(z.nullable(z.string()), null),
  audio_seconds: looseNumber,
  mime_type: text,
  generated: looseBoolean,
});
export type Recording = z.infer<typeof recordingSchema>;

export const transcriptLineSchema = z.looseObject({
  position: count,
  role: label,
  text: label,
  /** "h:m:s" offset from the start; shown as seconds with 2 decimals (SPEC §9). */
  time: label,
  /** A live chat's bot reply: its time to first byte in ms (docs/chat-sessions.md; absent elsewhere). */
  ttfb_ms: looseNumber,
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

export const logEntrySchema = z.looseObject({ id: idSchema, level: label, event: label, message: label, logged_at: label });
export type LogEntry = z.infer<typeof logEntrySchema>;

export const conversationActionSchema = z.looseObject({
  id: idSchema,
  action_id: nullableId,
  name: label,
  kind: label,
  status: label,
  detail: text,
  executed_at: label,
});
export type ConversationAction = z.infer<typeof conversationActionSchema>;

export const quoteSchema = z.looseObject({ uuid: z.string(), role: label, text: label, time: label, sentiment: optionalText });
export type Quote = z.infer<typeof quoteSchema>;

export const usageLineSchema = z.looseObject({ item: label, quantity: count, unit: label, unit_cost: count, cost: count });
export const usageSummarySchema = z.looseObject({
  currency: optionalText,
  duration_seconds: optionalNumber,
  total_cost: count,
  lines: listOr(usageLineSchema),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/** Collected data: key → value. A value of another shape (an object, a list) is shown as its raw text. */
export const conversationDataSchema = z.record(z.string(), tolerantOr(z.nullable(z.union([z.string(), z.number(), z.boolean()])), null, 'text'));
export type ConversationData = z.infer<typeof conversationDataSchema>;

export const totalsSchema = z.looseObject({
  conversations: count,
  minutes: count,
  cost: count,
  average_duration_seconds: optionalNumber,
  grade_score: optionalScore,
  average_grade: optionalGrade,
  grades: tolerant(gradeCountsSchema),
});
export type Totals = z.infer<typeof totalsSchema>;

export const entityStatisticsSchema = z.looseObject({
  id: idSchema,
  name: label,
  account_id: nullableId,
  conversations: count,
  minutes: count,
  cost: count,
  average_duration_seconds: optionalNumber,
  grade_score: scoreOrNull,
  average_grade: grade,
  grades: tolerantOr(gradeCountsSchema, { A: 0, B: 0, C: 0, D: 0, F: 0 }),
  share: optionalNumber,
});
export type EntityStatistics = z.infer<typeof entityStatisticsSchema>;

export const dispositionCountSchema = z.looseObject({
  id: tolerantOr(z.nullable(refId), null),
  label: tolerantOr(z.nullable(z.union([z.string(), z.pipe(z.number(), z.transform((value) => String(value)))])), null, 'text'),
  conversations: count,
});
export type DispositionCount = z.infer<typeof dispositionCountSchema>;

export const seriesPointSchema = z.looseObject({
  date: label,
  conversations: count,
  minutes: count,
  cost: count,
  grade_score: optionalScore,
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** The role or instance a breakdown is about. */
const named = tolerant(z.looseObject({ id: refId, name: label }));

export const breakdownSchema = z.looseObject({
  totals: tolerantOr(totalsSchema, { conversations: 0, minutes: 0, cost: 0 }),
  dispositions: listOr(dispositionCountSchema),
  channels: listOr(z.looseObject({ channel: label, conversations: count })),
  timeseries: listOr(seriesPointSchema),
  role: named,
  instance: named,
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const globalStatisticsSchema = z.looseObject({
  conversations: optionalNumber,
  minutes: optionalNumber,
  cost: optionalNumber,
  bots: optionalNumber,
  instances: optionalNumber,
  active: optionalNumber,
  average_duration_seconds: optionalNumber,
  grade_score: optionalScore,
  average_grade: optionalGrade,
  grades: tolerant(gradeCountsSchema),
  dispositions: tolerant(z.pipe(z.nullable(z.array(dispositionCountSchema)), z.transform((value) => value ?? undefined))),
});
export type GlobalStatistics = z.infer<typeof globalStatisticsSchema>;

export const activeSchema = z.looseObject({ count, conversations: listOr(conversationSchema) });
export type ActiveConversations = z.infer<typeof activeSchema>;

export const timeseriesSchema = z.looseObject({ interval: label, from: label, to: label, points: listOr(seriesPointSchema) });
export type Timeseries = z.infer<typeof timeseriesSchema>;

export const rankingSchema = z.looseObject({
  rank: count,
  role_id: refId,
  name: label,
  conversations: count,
  grade_score: scoreOrNull,
  average_grade: grade,
});
export type Ranking = z.infer<typeof rankingSchema>;

/** A part of a conversation (SPEC §7): `{data: [...]}`; the envelope is strict, each item tolerant. */
export const dataListSchema = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item) });
