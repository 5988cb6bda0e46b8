import { filenameFromDisposition } from './download';
import { parsePayload, readList, readRecord } from './envelope';
import { ApiError, DEFAULT_ERROR_TEXT } from './errors';
import type { Http } from './http';
import type { Query } from './query';
import { conversationQueryParams, type ConversationQuery, type ReportFile } from './reporting';
import { conversationSchema, dataListSchema } from './schemas/reporting';
import {
  applicableScorecardSchema,
  evaluationSchema,
  latencyStatisticsSchema,
  noteSchema,
  scorecardVersionSchema,
  scoreStatisticsSchema,
  turnTimingSchema,
  versionSummarySchema,
} from './schemas/review';
import type { z } from './zod';

/**
 * Conversation review calls (docs/review-contract.md): scorecard items, evaluations, pinned
 * notes, per-turn timings and their statistics. Every answer is parsed by src/api/schemas/review.ts.
 */

export type AnswerValue = 'yes' | 'no' | 'na' | '1' | '2' | '3' | '4' | '5';
export interface AnswerDraft {
  value: AnswerValue | null;
  comment: string;
}
export interface EvaluationBody {
  answers: Record<string, { value: AnswerValue | null; comment: string | null }>;
  comment: string | null;
  status: 'draft' | 'submitted';
}
export interface ItemInput {
  question: string;
  kind: 'yes_no' | 'scale';
  allow_na: boolean;
  weight: number;
  critical: boolean;
}
export type ScoreGroup = 'role' | 'instance' | 'bot';
export interface ReviewStatisticsQuery {
  from?: string;
  to?: string;
}

/** (It lives with the errors now, beside the operation family's `unavailableOrFailed`; re-exported for the review machines.) */
export { isMissingFeature } from './errors';

const path = (...parts: string[]) => parts.map((p) => encodeURIComponent(p)).join('/');

export function createReviewApi(http: Http) {
  async function list<T extends z.ZodMiniType>(schema: T, url: string, signal?: AbortSignal): Promise<z.infer<T>[]> {
    const response = await http.api.get(url, { signal });
    return parsePayload(dataListSchema(schema), response.data).data as z.infer<T>[];
  }
  async function download(url: string, query: Query, fallback: string, signal?: AbortSignal): Promise<ReportFile> {
    const response = await http.api.get(url, { query: { ...query, export: 'csv' }, signal });
    if (response.data instanceof Error) throw new ApiError({ status: 0, detail: DEFAULT_ERROR_TEXT, serverDetail: `The download of ${url} broke off` });
    const data = response.data;
    return {
      blob: data instanceof Blob ? data : new Blob([typeof data === 'string' ? data : JSON.stringify(data)], { type: 'text/csv' }),
      filename: filenameFromDisposition(response.headers.get('content-disposition'), fallback),
    };
  }
  const conversation = (id: string, part: string) => `/v1/reporting/conversations/${path(id)}/${part}`;

  return {
    async scorecardItems(scorecardId: string, signal?: AbortSignal) {
      const response = await http.api.get(`/v1/scorecards/${path(scorecardId)}/items`, { signal });
      return readRecord(scorecardVersionSchema, response.data);
    },
    async saveScorecardItems(scorecardId: string, items: readonly ItemInput[], signal?: AbortSignal) {
      const response = await http.api.put(`/v1/scorecards/${path(scorecardId)}/items`, { items }, { signal });
      return readRecord(scorecardVersionSchema, response.data);
    },
    scorecardVersions: (scorecardId: string, signal?: AbortSignal) => list(versionSummarySchema, `/v1/scorecards/${path(scorecardId)}/versions`, signal),

    conversationScorecards: (id: string, signal?: AbortSignal) => list(applicableScorecardSchema, conversation(id, 'scorecards'), signal),
    evaluations: (id: string, signal?: AbortSignal) => list(evaluationSchema, conversation(id, 'evaluations'), signal),
    async startEvaluation(id: string, scorecardId: string, body: EvaluationBody, signal?: AbortSignal) {
      const response = await http.api.post(conversation(id, 'evaluations'), { scorecard_id: Number(scorecardId) || scorecardId, ...body }, { signal });
      return readRecord(evaluationSchema, response.data);
    },
    async saveEvaluation(evaluationId: string, body: EvaluationBody, signal?: AbortSignal) {
      const response = await http.api.patch(`/v1/reporting/evaluations/${path(evaluationId)}`, body, { signal });
      return readRecord(evaluationSchema, response.data);
    },

    notes: (id: string, signal?: AbortSignal) => list(noteSchema, conversation(id, 'notes'), signal),
    async pinNote(id: string, note: { body: string; line_id?: string; seconds?: number }, signal?: AbortSignal) {
      const response = await http.api.post(conversation(id, 'notes'), note, { signal });
      return readRecord(noteSchema, response.data);
    },
    async editNote(noteId: string, body: string, signal?: AbortSignal) {
      const response = await http.api.patch(`/v1/reporting/notes/${path(noteId)}`, { body }, { signal });
      return readRecord(noteSchema, response.data);
    },
    async deleteNote(noteId: string, signal?: AbortSignal): Promise<void> {
      await http.api.delete(`/v1/reporting/notes/${path(noteId)}`, { signal });
    },

    timings: (id: string, signal?: AbortSignal) => list(turnTimingSchema, conversation(id, 'timings'), signal),

    /** The first conversation of the list's own query that is not evaluated and is not `current`. */
    async nextNotEvaluated(query: ConversationQuery, current: string, signal?: AbortSignal): Promise<string | null> {
      const { page: _page, ...rest } = query;
      const params = conversationQueryParams({ ...rest, show: 2, filter: { ...rest.filter, evaluation: 'none' } });
      const response = await http.api.get('/v1/reporting/conversations', { query: params, signal });
      const rows = readList(conversationSchema, response.data).data;
      return rows.find((row) => row.uuid !== current && row.id !== current)?.uuid ?? null;
    },

    async latency(query: ReviewStatisticsQuery = {}, signal?: AbortSignal) {
      const response = await http.api.get('/v1/reporting/latency', { query: { ...query }, signal });
      return readRecord(latencyStatisticsSchema, response.data);
    },
    async evaluationScores(by: ScoreGroup, query: ReviewStatisticsQuery = {}, signal?: AbortSignal) {
      const response = await http.api.get('/v1/reporting/evaluation-scores', { query: { ...query, by }, signal });
      return readRecord(scoreStatisticsSchema, response.data);
    },
    exportLatency: (query: ReviewStatisticsQuery = {}, signal?: AbortSignal) => download('/v1/reporting/latency', { ...query }, 'latency.csv', signal),
    exportEvaluationScores: (by: ScoreGroup, query: ReviewStatisticsQuery = {}, signal?: AbortSignal) =>
      download('/v1/reporting/evaluation-scores', { ...query, by }, `evaluation-scores-by-${by}.csv`, signal),
  };
}

export type ReviewApi = ReturnType<typeof createReviewApi>;
