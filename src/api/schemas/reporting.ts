import { z } from '../zod';
import { idSchema } from './common';

/** docs/reporting-contract.md: known fields are typed, unknown ones kept (looseObject). */

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export const gradeSchema = z.enum(GRADES);
export type Grade = z.infer<typeof gradeSchema>;

const nullableString = z.nullable(z.string());
const nullableId = z.nullable(idSchema);

export const gradeCountsSchema = z.object({ A: z.number(), B: z.number(), C: z.number(), D: z.number(), F: z.number() });
export type GradeCounts = z.infer<typeof gradeCountsSchema>;

export const conversationSchema = z.looseObject({
  id: idSchema,
  uuid: z.string(),
  account_id: idSchema,
  account_name: z.optional(nullableString),
  role_id: z.optional(nullableId),
  instance_id: z.optional(nullableId),
  bot_id: z.optional(nullableId),
  contact_id: z.optional(nullableId),
  disposition_id: z.optional(nullableId),
  channel: z.string(),
  direction: z.string(),
  status: z.string(),
  phone_number: z.optional(nullableString),
  started_at: z.string(),
  ended_at: z.optional(nullableString),
  duration_seconds: z.number(),
  cost: z.number(),
  letter_grade: z.nullable(gradeSchema),
  summary: z.optional(nullableString),
  role_name: z.optional(nullableString),
  instance_name: z.optional(nullableString),
  bot_name: z.optional(nullableString),
  contact_name: z.optional(nullableString),
  disposition_label: z.optional(nullableString),
  counts: z.optional(z.record(z.string(), z.number())),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const recordingSchema = z.looseObject({
  uuid: z.string(),
  label: z.string(),
  has_audio: z.boolean(),
  duration_seconds: z.number(),
  created_at: z.string(),
  url: nullableString,
  audio_seconds: z.optional(z.nullable(z.number())),
  mime_type: z.optional(nullableString),
  generated: z.optional(z.boolean()),
});
export type Recording = z.infer<typeof recordingSchema>;

export const transcriptLineSchema = z.looseObject({
  position: z.number(),
  role: z.string(),
  text: z.string(),
  /** "h:m:s" offset from the start; shown as seconds with 2 decimals (SPEC §9). */
  time: z.string(),
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

export const logEntrySchema = z.looseObject({ id: idSchema, level: z.string(), event: z.string(), message: z.string(), logged_at: z.string() });
export type LogEntry = z.infer<typeof logEntrySchema>;

export const conversationActionSchema = z.looseObject({
  id: idSchema,
  action_id: z.optional(nullableId),
  name: z.string(),
  kind: z.string(),
  status: z.string(),
  detail: z.optional(nullableString),
  executed_at: z.string(),
});
export type ConversationAction = z.infer<typeof conversationActionSchema>;

export const quoteSchema = z.looseObject({ uuid: z.string(), role: z.string(), text: z.string(), time: z.string(), sentiment: z.optional(z.string()) });
export type Quote = z.infer<typeof quoteSchema>;

export const usageLineSchema = z.looseObject({ item: z.string(), quantity: z.number(), unit: z.string(), unit_cost: z.number(), cost: z.number() });
export const usageSummarySchema = z.looseObject({
  currency: z.optional(z.string()),
  duration_seconds: z.optional(z.number()),
  total_cost: z.number(),
  lines: z.array(usageLineSchema),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/** Collected data: key → text (or null). */
export const conversationDataSchema = z.record(z.string(), z.nullable(z.union([z.string(), z.number(), z.boolean()])));
export type ConversationData = z.infer<typeof conversationDataSchema>;

export const totalsSchema = z.looseObject({
  conversations: z.number(),
  minutes: z.number(),
  cost: z.number(),
  average_duration_seconds: z.optional(z.number()),
  grade_score: z.optional(z.nullable(z.number())),
  average_grade: z.optional(z.nullable(gradeSchema)),
  grades: z.optional(gradeCountsSchema),
});
export type Totals = z.infer<typeof totalsSchema>;

export const entityStatisticsSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  account_id: z.optional(nullableId),
  conversations: z.number(),
  minutes: z.number(),
  cost: z.number(),
  average_duration_seconds: z.optional(z.number()),
  grade_score: z.nullable(z.number()),
  average_grade: z.nullable(gradeSchema),
  grades: gradeCountsSchema,
  share: z.optional(z.number()),
});
export type EntityStatistics = z.infer<typeof entityStatisticsSchema>;

export const dispositionCountSchema = z.looseObject({ id: nullableId, label: nullableString, conversations: z.number() });
export type DispositionCount = z.infer<typeof dispositionCountSchema>;

export const seriesPointSchema = z.looseObject({
  date: z.string(),
  conversations: z.number(),
  minutes: z.number(),
  cost: z.number(),
  grade_score: z.optional(z.nullable(z.number())),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const breakdownSchema = z.looseObject({
  totals: totalsSchema,
  dispositions: z.array(dispositionCountSchema),
  channels: z.array(z.looseObject({ channel: z.string(), conversations: z.number() })),
  timeseries: z.array(seriesPointSchema),
  role: z.optional(z.looseObject({ id: idSchema, name: z.string() })),
  instance: z.optional(z.looseObject({ id: idSchema, name: z.string() })),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const globalStatisticsSchema = z.looseObject({
  conversations: z.optional(z.number()),
  minutes: z.optional(z.number()),
  cost: z.optional(z.number()),
  bots: z.optional(z.number()),
  instances: z.optional(z.number()),
  active: z.optional(z.number()),
  average_duration_seconds: z.optional(z.number()),
  grade_score: z.optional(z.nullable(z.number())),
  average_grade: z.optional(z.nullable(gradeSchema)),
  grades: z.optional(gradeCountsSchema),
  dispositions: z.optional(z.array(dispositionCountSchema)),
});
export type GlobalStatistics = z.infer<typeof globalStatisticsSchema>;

export const activeSchema = z.looseObject({ count: z.number(), conversations: z.array(conversationSchema) });
export type ActiveConversations = z.infer<typeof activeSchema>;

export const timeseriesSchema = z.looseObject({ interval: z.string(), from: z.string(), to: z.string(), points: z.array(seriesPointSchema) });
export type Timeseries = z.infer<typeof timeseriesSchema>;

export const rankingSchema = z.looseObject({
  rank: z.number(),
  role_id: idSchema,
  name: z.string(),
  conversations: z.number(),
  grade_score: z.nullable(z.number()),
  average_grade: z.nullable(gradeSchema),
});
export type Ranking = z.infer<typeof rankingSchema>;

export const dataListSchema = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item) });
