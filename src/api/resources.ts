import { filenameFromDisposition } from './download';
import { parsePayload, readList, readRecord, type List } from './envelope';
import { ApiError, notFoundOnRead } from './errors';
import type { Http, HttpResponse } from './http';
import type { Query } from './query';
import { actionSchema } from './schemas/action';
import { agentSchema } from './schemas/agent';
import { agentInstructionSchema } from './schemas/agentInstruction';
import { botSchema } from './schemas/bot';
import { clientSchema } from './schemas/client';
import { contactSchema } from './schemas/contact';
import { dispositionSchema } from './schemas/disposition';
import { feedbackSchema } from './schemas/feedback';
import { instanceSchema } from './schemas/instance';
import { llmSchema } from './schemas/llm';
import { managedAccountSchema } from './schemas/managedAccount';
import { roleSchema } from './schemas/role';
import { scorecardSchema } from './schemas/scorecard';
import { toolSchema } from './schemas/tool';
import { userSchema } from './schemas/user';
import { workflowSchema } from './schemas/workflow';
import { z } from './zod';

/** What every standard resource record is to generic code: an id plus fields it may not know. */
export type ResourceRecord = { id: string } & Record<string, unknown>;
export type RecordSchema = z.ZodMiniType<ResourceRecord>;

export interface ResourceDef<S extends RecordSchema = RecordSchema> {
  /** `/v1/<path>/`. */
  path: string;
  schema: S;
  /** SPEC §7: workflow read and edit return the record itself, not `{data: …}`. */
  bareRecord?: boolean;
}

/** The fifteen standard resources of SPEC §7, by section key (sections.ts). */
export const RESOURCE_DEFS = {
  users: { path: 'users', schema: userSchema },
  accounts: { path: 'accounts', schema: managedAccountSchema },
  roles: { path: 'roles', schema: roleSchema },
  instances: { path: 'instances', schema: instanceSchema },
  actions: { path: 'actions', schema: actionSchema },
  contacts: { path: 'contacts', schema: contactSchema },
  feedback: { path: 'feedback', schema: feedbackSchema },
  agents: { path: 'agents', schema: agentSchema },
  'agent-instructions': { path: 'agent-instructions', schema: agentInstructionSchema },
  tools: { path: 'tools', schema: toolSchema },
  llms: { path: 'llms', schema: llmSchema },
  bots: { path: 'bots', schema: botSchema },
  dispositions: { path: 'dispositions', schema: dispositionSchema },
  scorecards: { path: 'scorecards', schema: scorecardSchema },
  workflows: { path: 'workflows', schema: workflowSchema, bareRecord: true },
} satisfies Record<string, ResourceDef>;

/**
 * SPEC §3 "Client: read-only list": sections the portal only lists (GET /v1/<path>/ and its
 * pagination links). They reuse the resource actor and the list page; no route, button or call
 * of the portal reads one record or writes (the reference API has no such calls: 404).
 */
export const LIST_ONLY_DEFS = {
  clients: { path: 'clients', schema: clientSchema },
} satisfies Record<string, ResourceDef>;

/** One of the fifteen standard resources (records, forms, writes). */
export type StandardResourceKey = keyof typeof RESOURCE_DEFS;
/** Any section on the resource actor: the standard ones and the list-only ones. */
export type ResourceKey = StandardResourceKey | keyof typeof LIST_ONLY_DEFS;
export const RESOURCE_KEYS = Object.keys(RESOURCE_DEFS) as StandardResourceKey[];

export function isResourceKey(key: string): key is ResourceKey {
  return Object.hasOwn(RESOURCE_DEFS, key) || Object.hasOwn(LIST_ONLY_DEFS, key);
}

/** A downloaded body as a file: text as is; JSON the client already parsed, serialised again. */
export function fileBlob(data: unknown, type: string): Blob {
  if (data instanceof Blob) return data;
  return new Blob([typeof data === 'string' ? data : JSON.stringify(data ?? null, null, 2)], { type });
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SPEC §4's text for a write that brought no record back (used for every section's add). */
export const NO_RECORD_RECEIVED = 'No record data received from API';

/** What a write answered instead of a record, in a few words for the error detail. */
function describeAnswer(payload: unknown): string {
  if (payload === undefined || payload === null || payload === '') return 'no body';
  if (typeof payload === 'string') return 'text, not JSON';
  if (Array.isArray(payload)) return 'a bare list';
  if (!isObject(payload)) return typeof payload;
  if (Array.isArray(payload.data) || 'links' in payload || 'meta' in payload) return 'a list';
  if ('data' in payload && !isObject(payload.data)) return `data: ${payload.data === null ? 'null' : typeof payload.data}`;
  return 'an object without an id';
}

/**
 * The record a write answered with: `{data: {...}}` (the contract), or a bare record (workflows
 * answer that way). Anything else (a list, nothing) is not a success.
 */
export function recordOrNull<S extends RecordSchema>(schema: S, payload: unknown): z.infer<S> | null {
  if (!isObject(payload)) return null;
  if ('data' in payload) return isObject(payload.data) ? readRecord(schema, payload) : null;
  return 'id' in payload ? parsePayload(schema, payload) : null;
}

/** A write whose answer carries no record: fails, saying what came back. */
export function noRecordError(method: string, path: string, response: HttpResponse): ApiError {
  return new ApiError({
    status: response.status,
    detail: NO_RECORD_RECEIVED,
    serverDetail: `${method} ${path} answered ${response.status} with ${describeAnswer(response.data)} where a record was expected.`,
  });
}

/** ONE CRUD endpoint factory for every standard resource of SPEC §7. */
export function createResourceApi<S extends RecordSchema>(http: Http, def: ResourceDef<S>) {
  type T = z.infer<S>;
  const base = `/v1/${def.path}/`;
  const one = (id: string) => `/v1/${def.path}/${encodeURIComponent(id)}`;
  const readOne = (payload: unknown): T => (def.bareRecord ? parsePayload(def.schema, payload) : readRecord(def.schema, payload));
  async function read(id: string, signal?: AbortSignal): Promise<T> {
    const response = await http.api.get(one(id), { signal }).catch((error: unknown) => Promise.reject(notFoundOnRead(error)));
    return readOne(response.data);
  }

  return {
    path: def.path,
    schema: def.schema,
    async browse(query: Query = {}, signal?: AbortSignal): Promise<List<T>> {
      const response = await http.api.get(base, { query, signal });
      return readList(def.schema, response.data);
    },
    /**
     * Follows a `links` URL with every parameter it carries; the current query's parameters it
     * lacks (search, sort, filters, page size) are added (query.ts withQuery).
     */
    async paginate(url: string, current: Query = {}, signal?: AbortSignal): Promise<List<T>> {
      // The link names the page (or a cursor): the current page number is never added to it.
      const { page: _page, ...lacking } = current;
      const response = await http.api.get(url, { query: lacking, signal });
      return readList(def.schema, response.data);
    },
    read,
    /** The created record; an answer without one is a failure (writes never succeed silently). */
    async add(values: Record<string, unknown> | FormData, signal?: AbortSignal): Promise<T> {
      const response = await http.api.post(base, values, { signal });
      const record = recordOrNull(def.schema, response.data);
      if (!record) throw noRecordError('POST', base, response);
      return record;
    },
    /**
     * The edited record. An empty answer (204) is read back with a GET, so the page shows what
     * was stored; a list or any other non-record answer is a failure.
     */
    async edit(id: string, values: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
      const response = await http.api.patch(one(id), values, { signal });
      if (response.data === undefined || response.data === null || response.data === '') return read(id, signal);
      const record = recordOrNull(def.schema, response.data);
      if (!record) throw noRecordError('PATCH', one(id), response);
      return record;
    },
    async delete(id: string, signal?: AbortSignal): Promise<void> {
      await http.api.delete(one(id), { signal });
    },
    /** The list with the same filters as a file; the server names it (Content-Disposition). */
    async export(query: Query = {}, signal?: AbortSignal): Promise<ExportedFile> {
      // Read as text, not blob: a failure's JSON body then still carries the server's message.
      const response = await http.api.get(base, { query: { ...query, export: 'csv' }, signal });
      const blob = fileBlob(response.data, response.headers.get('content-type') ?? 'text/csv');
      return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition'), `${def.path}.csv`) };
    },
  };
}

export type ResourceApi<S extends RecordSchema = RecordSchema> = ReturnType<typeof createResourceApi<S>>;

const ALL_DEFS: Record<ResourceKey, ResourceDef> = { ...RESOURCE_DEFS, ...LIST_ONLY_DEFS };

/** The endpoint and schema of any section on the resource actor (standard or list-only). */
export function resourceDef(key: ResourceKey): ResourceDef {
  return ALL_DEFS[key];
}

export function resourceApiFor(http: Http, key: ResourceKey): ResourceApi {
  return createResourceApi(http, resourceDef(key));
}
