import { filenameFromDisposition, type DownloadProgress } from './download';
import { parsePayload, readList, readRecord, type List } from './envelope';
import { ApiError, DEFAULT_ERROR_TEXT, notFoundOnRead } from './errors';
import type { Http } from './http';
import type { Query } from './query';
import {
  activeSchema,
  breakdownSchema,
  conversationActionSchema,
  conversationDataSchema,
  conversationSchema,
  dataListSchema,
  entityStatisticsSchema,
  globalStatisticsSchema,
  logEntrySchema,
  quoteSchema,
  rankingSchema,
  recordingSchema,
  timeseriesSchema,
  transcriptLineSchema,
  usageSummarySchema,
  type Conversation,
  type EntityStatistics,
  type Grade,
} from './schemas/reporting';
import { z } from './zod';

/** The dashboard's totals: a subset of /reporting/global, kept under its first name. */
export const globalTotalsSchema = globalStatisticsSchema;
export type GlobalTotals = z.infer<typeof globalTotalsSchema>;

/** A downloaded file and the name the server gave it (Content-Disposition). */
export interface ReportFile {
  blob: Blob;
  filename: string;
}

/** What the conversations list asks for; the portal's URL holds the same keys. */
export interface ConversationQuery {
  search?: string;
  sort?: string;
  page?: number;
  show?: number;
  from?: string;
  to?: string;
  grades?: readonly Grade[];
  dispositions?: readonly string[];
  /** `filter[name]=value`: channel, direction, status, role_id, instance_id, … */
  filter?: Record<string, string | undefined>;
  /** One account's conversations (a picker scoped to a form's account); absent: the global filter's scope. */
  accountId?: string;
}

export function conversationQueryParams(query: ConversationQuery): Query {
  const params: Query = {
    search: query.search,
    sort: query.sort,
    page: query.page,
    show: query.show,
    from: query.from,
    to: query.to,
    grades: query.grades?.length ? query.grades : undefined,
    dispositions: query.dispositions?.length ? query.dispositions : undefined,
    account_id: query.accountId,
  };
  for (const [key, value] of Object.entries(query.filter ?? {})) params[`filter[${key}]`] = value;
  return params;
}

/** Date range and paging of a statistics call. */
export interface StatisticsQuery {
  from?: string;
  to?: string;
  search?: string;
  sort?: string;
  page?: number;
  show?: number;
}

export type ConversationTab = 'recordings' | 'transcript' | 'log' | 'actions' | 'quotes' | 'usage-summary' | 'data';
export type StatisticsEntity = 'roles' | 'instances';
export type StatisticsExport = 'roles' | 'instances' | 'roleBreakdown' | 'instanceBreakdown' | 'global' | 'timeseries' | 'globalRoles' | 'rankings';

function fileBlob(data: unknown, type: string): Blob {
  return data instanceof Blob ? data : new Blob([typeof data === 'string' ? data : JSON.stringify(data)], { type });
}

const conversationListSchema = conversationSchema;
const entityStatisticsListSchema = entityStatisticsSchema;

export function createReportingApi(http: Http) {
  async function download(path: string, query: Query, fallback: string, signal?: AbortSignal, onProgress?: (progress: DownloadProgress) => void): Promise<ReportFile> {
    // Read as text: a failure's JSON body still carries the server's message.
    const response = await http.api.get(path, { query, signal, ...(onProgress ? { onProgress } : {}) });
    // A body that broke off arrives as redaxios' caught error, never as a (truncated) file.
    if (response.data instanceof Error) throw new ApiError({ status: 0, detail: DEFAULT_ERROR_TEXT, serverDetail: `The download of ${path} broke off: ${response.data.message}` });
    return {
      blob: fileBlob(response.data, response.headers.get('content-type') ?? 'text/csv'),
      filename: filenameFromDisposition(response.headers.get('content-disposition'), fallback),
    };
  }

  async function list<T extends z.ZodMiniType>(schema: T, path: string, query: Query, signal?: AbortSignal) {
    const response = await http.api.get(path, { query, signal });
    return parsePayload(dataListSchema(schema), response.data).data as z.infer<T>[];
  }

  const tabSchemas = {
    recordings: recordingSchema,
    transcript: transcriptLineSchema,
    log: logEntrySchema,
    actions: conversationActionSchema,
    quotes: quoteSchema,
  } as const;

  return {
    async globalTotals(signal?: AbortSignal) {
      const response = await http.api.get('/v1/reporting/global', { signal });
      return readRecord(globalTotalsSchema, response.data);
    },
    async global(query: StatisticsQuery = {}, signal?: AbortSignal) {
      const response = await http.api.get('/v1/reporting/global', { query: { ...query }, signal });
      return readRecord(globalStatisticsSchema, response.data);
    },
    async active(signal?: AbortSignal) {
      const response = await http.api.get('/v1/reporting/global/active', { signal });
      return readRecord(activeSchema, response.data);
    },
    async timeseries(query: StatisticsQuery = {}, signal?: AbortSignal) {
      const response = await http.api.get('/v1/reporting/global/timeseries', { query: { ...query }, signal });
      return readRecord(timeseriesSchema, response.data);
    },
    globalRoles: (query: StatisticsQuery = {}, signal?: AbortSignal) => list(entityStatisticsSchema, '/v1/reporting/global/roles', { ...query }, signal),
    rankings: (query: StatisticsQuery = {}, signal?: AbortSignal) => list(rankingSchema, '/v1/reporting/global/roles/rankings', { ...query }, signal),
    async entities(entity: StatisticsEntity, query: StatisticsQuery = {}, signal?: AbortSignal): Promise<List<EntityStatistics>> {
      const response = await http.api.get(`/v1/reporting/${entity}`, { query: { ...query }, signal });
      return readList(entityStatisticsListSchema, response.data);
    },
    async breakdown(entity: StatisticsEntity, id: string, query: StatisticsQuery = {}, signal?: AbortSignal) {
      const response = await http.api.get(`/v1/reporting/${entity}/${encodeURIComponent(id)}`, { query: { ...query }, signal });
      return readRecord(breakdownSchema, response.data);
    },
    /** A statistics file; `id` names the role or instance of a breakdown export. */
    exportStatistics(kind: StatisticsExport, query: StatisticsQuery & { id?: string } = {}, signal?: AbortSignal): Promise<ReportFile> {
      const { id, ...rest } = query;
      const paths: Record<StatisticsExport, string> = {
        roles: '/v1/reporting/roles',
        instances: '/v1/reporting/instances',
        roleBreakdown: `/v1/reporting/roles/${encodeURIComponent(id ?? '')}`,
        instanceBreakdown: `/v1/reporting/instances/${encodeURIComponent(id ?? '')}`,
        global: '/v1/reporting/global',
        timeseries: '/v1/reporting/global/timeseries',
        globalRoles: '/v1/reporting/global/roles',
        rankings: '/v1/reporting/global/roles/rankings',
      };
      return download(paths[kind], { ...rest, export: 'csv' }, `${kind}.csv`, signal);
    },

    async conversations(query: ConversationQuery = {}, signal?: AbortSignal): Promise<List<Conversation>> {
      const response = await http.api.get('/v1/reporting/conversations', { query: conversationQueryParams(query), signal });
      return readList(conversationListSchema, response.data);
    },
    /** SPEC §7: conversations of some letter grades. */
    async conversationsByGrade(grades: readonly Grade[], query: ConversationQuery = {}, signal?: AbortSignal): Promise<List<Conversation>> {
      const response = await http.api.get('/v1/reporting/grades/conversations/', { query: { ...conversationQueryParams(query), letter_grade: grades }, signal });
      return readList(conversationListSchema, response.data);
    },
    /** SPEC §7: conversations of some disposition ids. */
    async conversationsByDisposition(ids: readonly string[], query: ConversationQuery = {}, signal?: AbortSignal): Promise<List<Conversation>> {
      const response = await http.api.get('/v1/reporting/dispositions/conversations/', { query: { ...conversationQueryParams(query), ids }, signal });
      return readList(conversationListSchema, response.data);
    },
    /** Follows a list's pagination link, adding the current query's parameters it lacks. */
    async paginateConversations(url: string, current: ConversationQuery = {}, signal?: AbortSignal): Promise<List<Conversation>> {
      const { page: _page, ...lacking } = current;
      const response = await http.api.get(url, { query: conversationQueryParams(lacking), signal });
      return readList(conversationListSchema, response.data);
    },
    /** The whole filtered list as CSV; `onProgress` hears rows and bytes as they stream in. */
    exportConversations(query: ConversationQuery = {}, signal?: AbortSignal, onProgress?: (progress: DownloadProgress) => void): Promise<ReportFile> {
      const { page: _page, show: _show, ...rest } = query;
      return download('/v1/reporting/conversations', { ...conversationQueryParams(rest), export: 'csv' }, 'conversations.csv', signal, onProgress);
    },

    async conversation(id: string, signal?: AbortSignal): Promise<Conversation> {
      const response = await http.api
        .get(`/v1/reporting/conversations/${encodeURIComponent(id)}`, { signal })
        .catch((error: unknown) => Promise.reject(notFoundOnRead(error)));
      return readRecord(conversationSchema, response.data);
    },
    tab<K extends keyof typeof tabSchemas>(id: string, tab: K, signal?: AbortSignal): Promise<z.infer<(typeof tabSchemas)[K]>[]> {
      return list(tabSchemas[tab], `/v1/reporting/conversations/${encodeURIComponent(id)}/${tab}`, {}, signal) as Promise<z.infer<(typeof tabSchemas)[K]>[]>;
    },
    async usageSummary(id: string, signal?: AbortSignal) {
      const response = await http.api.get(`/v1/reporting/conversations/${encodeURIComponent(id)}/usage-summary`, { signal });
      return readRecord(usageSummarySchema, response.data);
    },
    async conversationData(id: string, signal?: AbortSignal) {
      const response = await http.api.get(`/v1/reporting/conversations/${encodeURIComponent(id)}/data`, { signal });
      return readRecord(conversationDataSchema, response.data);
    },
    exportTranscript(id: string, format: 'txt' | 'csv', signal?: AbortSignal): Promise<ReportFile> {
      return download(`/v1/reporting/conversations/${encodeURIComponent(id)}/transcript`, { export: format }, `transcript.${format}`, signal);
    },
  };
}

export type ReportingApi = ReturnType<typeof createReportingApi>;
