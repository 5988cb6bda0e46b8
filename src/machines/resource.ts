import { and, assign, emit, enqueueActions, fromCallback, setup, stateIn, type ActorRefFrom, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { List } from '../api/envelope';
import type { Query } from '../api/query';
import type { ResourceApi, ResourceKey, ResourceRecord } from '../api/resources';
import { resourceActorId } from './actorIds';
import { defineOperations, inFlight, operationOf, sameRequest, statusCode, type OperationActor, type OperationFailure, type OperationFamily, type OperationSpec, type OperationStatusCode, type ReportOf, type ResultsOf } from './operation';
import { summaryFor, type ResourceKind } from './resourceSummaries';
import { projectCsv } from './bulkCsv';
import { saveFile } from './saveFile';

/**
 * A section-specific action beyond CRUD (bot duplicate/import/export, phone-number purchase, user
 * e-mails …): one more operation child of the same resource actor, with its own status and summary.
 */
export interface ResourceAction {
  summary: string;
  call: (input: never, signal: AbortSignal) => Promise<unknown>;
  /** The action answers with the section's record (e.g. a purchase returns the updated instance). */
  updatesRecord?: boolean;
}

/** SPEC §7's section actions, each an operation of its section's resource actor (a misspelt name does not compile). */
export const SECTION_ACTION_NAMES = ['passwordResetEmail', 'resendVerification', 'duplicate', 'exportBot', 'import', 'slotsBrief', 'countries', 'searchNumbers', 'purchase'] as const;
export type SectionActionName = (typeof SECTION_ACTION_NAMES)[number];
export type SectionActions = Partial<Record<SectionActionName, ResourceAction>>;
/** Every operation a resource actor may hold: the CRUD kinds and the section actions. */
export type ResourceOperationKind = ResourceKind | SectionActionName;

export interface ResourceMachineDeps {
  section: ResourceKey;
  api: ResourceApi;
  actions?: SectionActions;
  /** Long-lived children beside the operations, e.g. this section's relation actors. */
  children?: Record<string, { logic: AnyActorLogic; systemId: string }>;
  /** Where an export's file goes; the browser's download by default, nothing in Node. */
  save?: (blob: Blob, filename: string) => void;
}

export interface ResourceContext {
  section: ResourceKey;
  record: ResourceRecord | null;
  list: List<ResourceRecord> | null;
  /** The section's first 100 records (`fetch`), for pickers in other sections' forms. */
  options: ResourceRecord[];
  /** Which list call owns `list` now: a slower, older one must not overwrite a newer one. */
  listKind: 'browse' | 'paginate' | null;
  /** File name of the last export. */
  exported: string | null;
  /** What the section actions answered (countries, numbers found, slots, an exported bot's file name …). */
  results: Partial<Record<SectionActionName, unknown>>;
  /** The parameters of the list now asked for: a failed list is asked for again with them. */
  listQuery: Query | undefined;
  /** The list request now asked for: an equal one while it loads is the same request (one sender per first call). */
  listRequest: ResourceRequest | null;
  /** Automatic retries of the failed list since it last loaded (picks the next delay). */
  listRetries: number;
}

/** Seconds between a failed list's automatic retries: doubling from 2 s, then every minute. */
export const LIST_RETRY_DELAYS_S = [2, 4, 8, 16, 32, 60] as const;

const listRetryDelayS = (retries: number) => LIST_RETRY_DELAYS_S[Math.min(retries, LIST_RETRY_DELAYS_S.length - 1)]!;

/** An event that asks for one operation: the operation's input is the event itself. */
export type ResourceRequest =
  /** `scope`: the account filter's choice it is asked under (the route's first call): an equal query in another account is another request. */
  | { type: 'resource.browse'; query?: Query; scope?: string | null }
  /** `query`: the list's current parameters, added where the link lacks them. */
  | { type: 'resource.paginate'; url: string; query?: Query }
  | { type: 'resource.read'; id: string }
  | { type: 'resource.add'; values: Record<string, unknown> }
  | { type: 'resource.edit'; id: string; values: Record<string, unknown> }
  | { type: 'resource.delete'; id: string }
  /** `columns`: the file keeps only these, in this order (the list's visible columns, issue 30). */
  | { type: 'resource.export'; query?: Query; columns?: string[] }
  | { type: 'resource.fetch'; query?: Query }
  | { type: 'resource.action'; name: SectionActionName; input?: unknown };

type Asked<T extends ResourceRequest['type']> = Extract<ResourceRequest, { type: T }>;

/**
 * The CRUD operations of a section (SPEC §4), one family (operation.ts defineOperations): each
 * call reads its own request event, and its result type comes from the section's API.
 */
function crudOperations(section: ResourceKey, api: ResourceApi, save: (blob: Blob, filename: string) => void) {
  const summary = (kind: ResourceKind) => summaryFor(section, kind);
  return defineOperations(
    {
      browse: { summary: summary('browse'), call: ({ query }: Asked<'resource.browse'>, signal: AbortSignal) => api.browse(query ?? {}, signal) },
      paginate: { summary: summary('paginate'), call: ({ url, query }: Asked<'resource.paginate'>, signal: AbortSignal) => api.paginate(url, query, signal) },
      read: { summary: summary('read'), call: ({ id }: Asked<'resource.read'>, signal: AbortSignal) => api.read(id, signal) },
      // Writes never succeed silently: an add without a record back fails in the API layer (SPEC §4).
      add: { summary: summary('add'), call: ({ values }: Asked<'resource.add'>, signal: AbortSignal) => api.add(values, signal) },
      edit: { summary: summary('edit'), call: ({ id, values }: Asked<'resource.edit'>, signal: AbortSignal) => api.edit(id, values, signal) },
      delete: {
        summary: summary('delete'),
        call: async ({ id }: Asked<'resource.delete'>, signal: AbortSignal) => {
          await api.delete(id, signal);
          return id;
        },
      },
      export: {
        summary: summary('export'),
        call: async ({ query, columns }: Asked<'resource.export'>, signal: AbortSignal) => {
          const file = await api.export(query ?? {}, signal);
          save(columns?.length ? await projectedCsv(file.blob, columns) : file.blob, file.filename);
          return file.filename;
        },
      },
      fetch: { summary: summary('fetch'), call: ({ query }: Asked<'resource.fetch'>, signal: AbortSignal) => api.browse({ show: 100, page: 1, ...query }, signal) },
    },
    (kind) => operationSystemId(section, kind),
  );
}

type CrudOperations = ReturnType<typeof crudOperations> extends OperationFamily<infer S> ? S : never;
/** What each CRUD operation answers (inferred from the section's API). */
export type ResourceResults = ResultsOf<CrudOperations>;

/** The section's actions (they differ per section, so their results are the section's own: `unknown` here). */
function actionOperations(section: ResourceKey, actions: SectionActions) {
  const specs: Record<string, OperationSpec<Asked<'resource.action'>, unknown>> = {};
  for (const [name, action] of Object.entries(actions)) specs[name] = { summary: action.summary, call: ({ input }, signal) => action.call(input as never, signal) };
  return defineOperations(specs, (kind) => operationSystemId(section, kind));
}

type ActionReport =
  | { type: 'operation.report.succeeded'; kind: SectionActionName; output: unknown; input: Asked<'resource.action'> }
  | { type: 'operation.report.failed'; kind: SectionActionName; error: OperationFailure; input: Asked<'resource.action'> };
/** What the resource hears from its operations, typed per kind: `event.kind === 'read'` narrows `output` to the record. */
export type ResourceReport = ReportOf<CrudOperations> | ActionReport;
type Succeeded = Extract<ResourceReport, { type: 'operation.report.succeeded' }>;

export type ResourceEvent =
  | { type: 'resource.init' }
  | ResourceRequest
  /** The browser says the network is back (window `online`): a failed list tries again at once. */
  | { type: 'resource.online' }
  | ResourceReport;

/**
 * What a resource actor tells its listeners when an operation settles: its kind, the request that
 * asked for it (the very event object sent, so a view knows its own) and the output or failure.
 * A request superseded by a newer one of the same kind never settles.
 */
export type ResourceEmitted =
  | { type: 'resource.succeeded'; kind: ResourceOperationKind; input: ResourceRequest; output: unknown }
  | { type: 'resource.failed'; kind: ResourceOperationKind; input: ResourceRequest; error: OperationFailure };

/** Which operation a request starts. */
export function requestKind(request: ResourceRequest): ResourceOperationKind {
  return request.type === 'resource.action' ? request.name : (request.type.slice('resource.'.length) as ResourceKind);
}

export const operationSystemId = (section: string, kind: string) => `${resourceActorId(section)}:${kind}`;

/** The browser's download (THE save-a-file helper), nothing in Node. */
export const defaultSave = (blob: Blob, filename: string): void => saveFile({ blob, filename });

/** A CSV file with only `columns`, in their order. */
async function projectedCsv(blob: Blob, columns: string[]): Promise<Blob> {
  return new Blob([projectCsv(await blobText(blob), columns)], { type: blob.type || 'text/csv' });
}

/** A blob's text (FileReader where Blob#text is missing, as in jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function sameId(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && String(a) === String(b);
}

/**
 * THE resource actor (DESIGN §2): one operation child per kind (systemId
 * `resource:<section>:<kind>`), each with its own status 0–3 and `{summary, detail}`, and the
 * section's record, list and options. Built once, parameterised by the section's API.
 */
export function createResourceMachine({ section, api, actions = {}, children = {}, save = defaultSave }: ResourceMachineDeps) {
  const crud = crudOperations(section, api, save);
  const sectionActions = actionOperations(section, actions);
  const kinds = [...crud.kinds, ...sectionActions.kinds];
  // The browser's word that the network is back; nothing to listen to in Node.
  const online = fromCallback<{ type: 'resource.online' }>(({ sendBack }) => {
    if (typeof window === 'undefined') return undefined;
    const back = () => sendBack({ type: 'resource.online' });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  });
  const rememberList = (request: Asked<'resource.browse' | 'resource.paginate'>) => ({
    listKind: request.type === 'resource.browse' ? ('browse' as const) : ('paginate' as const),
    listQuery: request.query,
    listRequest: request,
  });

  return setup({
    types: { context: {} as ResourceContext, events: {} as ResourceEvent, emitted: {} as ResourceEmitted },
    actors: { ...crud.actors, ...sectionActions.actors, online },
    delays: {
      listRetry: ({ context }) => listRetryDelayS(context.listRetries) * 1000,
    },
    guards: {
      // A report of the list call now asked for (a superseded browse or paginate is not the list's).
      isCurrentList: ({ context, event }) => 'kind' in event && event.kind === context.listKind,
      // The list request equal to this one is loading now: this is that request, not a second one.
      sameListLoading: ({ context, event }) => context.listRequest !== null && sameRequest(context.listRequest, event),
    },
    actions: {
      restartRetries: assign({ listRetries: 0 }),
      // A failed list asks again with the parameters it was last asked with.
      retryList: enqueueActions(({ enqueue, context }) => {
        enqueue.assign({ listRetries: context.listRetries + 1 });
        enqueue.raise({ type: 'resource.browse', query: context.listQuery });
      }),
      // The request event is the operation's input: its outcome names it, so the sender knows its own.
      start: enqueueActions(({ enqueue, self }, request: ResourceRequest) => {
        // A read equal to the one running (the route's first call, asked again) is that read.
        if (request.type === 'resource.read' && inFlight(self, 'read', request)) return;
        enqueue.sendTo(requestKind(request), { type: 'operation.start', input: request });
      }),
    },
  }).createMachine({
    id: resourceActorId(section),
    context: { section, record: null, list: null, options: [], listKind: null, exported: null, results: {}, listQuery: undefined, listRequest: null, listRetries: 0 },
    entry: enqueueActions(({ enqueue }) => {
      crud.spawnAll(enqueue);
      sectionActions.spawnAll(enqueue);
      // Long-lived children (the section's relation actors) are logic of their own, not of this setup's map.
      for (const [id, child] of Object.entries(children)) enqueue.spawnChild(child.logic as never, { id, systemId: child.systemId });
    }),
    on: {
      'resource.init': {
        target: '.list.idle',
        actions: enqueueActions(({ enqueue }) => {
          for (const kind of kinds) enqueue.sendTo(kind, { type: 'operation.reset' });
          enqueue.assign({ record: null, list: null, options: [], listKind: null, exported: null, results: {}, listQuery: undefined, listRequest: null, listRetries: 0 });
        }),
      },
      'resource.browse': [
        { guard: and([stateIn({ list: 'loading' }), 'sameListLoading']) },
        { target: '.list.loading', actions: [assign(({ event }) => rememberList(event)), { type: 'start', params: ({ event }) => event }] },
      ],
      'resource.paginate': [
        { guard: and([stateIn({ list: 'loading' }), 'sameListLoading']) },
        { target: '.list.loading', actions: [assign(({ event }) => rememberList(event)), { type: 'start', params: ({ event }) => event }] },
      ],
      'resource.read': { actions: { type: 'start', params: ({ event }) => event } },
      'resource.add': { actions: { type: 'start', params: ({ event }) => event } },
      'resource.edit': { actions: { type: 'start', params: ({ event }) => event } },
      'resource.delete': { actions: { type: 'start', params: ({ event }) => event } },
      'resource.export': { actions: { type: 'start', params: ({ event }) => event } },
      'resource.fetch': { actions: { type: 'start', params: ({ event }) => event } },
      'resource.action': { guard: ({ event }) => event.name in actions, actions: { type: 'start', params: ({ event }) => event } },
      'operation.report.succeeded': [
        // The list loaded: the retry delays start over.
        { guard: 'isCurrentList', target: '.list.idle', actions: [assign(({ context, event }) => applySuccess(context, event, actions)), emit(({ event }) => succeeded(event)), 'restartRetries'] },
        { actions: [assign(({ context, event }) => applySuccess(context, event, actions)), emit(({ event }) => succeeded(event))] },
      ],
      'operation.report.failed': [
        { guard: 'isCurrentList', target: '.list.failed', actions: emit(({ event }) => failed(event)) },
        { actions: emit(({ event }) => failed(event)) },
      ],
    },
    initial: 'list',
    states: {
      /**
       * The list's own lifecycle. While the last list call has failed, it is asked for again when
       * the browser reports the network back and after 2, 4, 8, 16, 32 s, then every minute.
       */
      list: {
        initial: 'idle',
        states: {
          idle: {},
          loading: { tags: ['listBusy'] },
          failed: {
            tags: ['listFailed'],
            invoke: { src: 'online' },
            after: { listRetry: { actions: 'retryList' } },
            on: { 'resource.online': { actions: 'retryList' } },
          },
        },
      },
    },
  });
}

const succeeded = (report: Succeeded): ResourceEmitted => ({ type: 'resource.succeeded', kind: report.kind, input: report.input, output: report.output });
const failed = (report: Extract<ResourceReport, { type: 'operation.report.failed' }>): ResourceEmitted => ({ type: 'resource.failed', kind: report.kind, input: report.input, error: report.error });

/** How each kind's result lands in the resource's context (each output typed by its call). */
function applySuccess(context: ResourceContext, event: Succeeded, actions: SectionActions): Partial<ResourceContext> {
  switch (event.kind) {
    case 'browse':
    case 'paginate':
      return context.listKind === event.kind ? { list: event.output } : {};
    case 'fetch':
      return { options: event.output.data };
    case 'read':
    case 'add':
      return { record: event.output ?? null };
    case 'edit': {
      const record = event.output;
      const list = context.list && { ...context.list, data: context.list.data.map((row) => (sameId(row.id, record.id) ? record : row)) };
      return { record, list };
    }
    case 'delete': {
      const id = event.output;
      return { list: context.list && withoutRow(context.list, id), record: context.record && sameId(context.record.id, id) ? null : context.record };
    }
    case 'export':
      return { exported: event.output };
    default:
      // An action that `updatesRecord` answers with the section's record (a purchase returns the instance).
      return actions[event.kind]?.updatesRecord
        ? event.output ? { record: event.output as ResourceRecord } : {}
        : { results: { ...context.results, [event.kind]: event.output } };
  }
}

/**
 * The list without a deleted row, its count one less: the count ("Showing 1–1 of 1") must not
 * outlive the last match (issue 26 item 8). A row not on this page leaves the page as it was.
 */
function withoutRow(list: List<ResourceRecord>, id: unknown): List<ResourceRecord> {
  const data = list.data.filter((row) => !sameId(row.id, id));
  if (data.length === list.data.length) return list;
  const total = Math.max(0, list.meta.total - 1);
  const to = total === 0 || list.meta.to === null ? null : Math.max(0, list.meta.to - 1);
  return { ...list, data, meta: { ...list.meta, total, to, from: total === 0 ? null : list.meta.from } };
}

export type ResourceMachine = ReturnType<typeof createResourceMachine>;
export type ResourceActor = ActorRefFrom<ResourceMachine>;
export type ResourceSnapshot = SnapshotFrom<ResourceMachine>;

/** The list call now asked for is loading (a browse or a paginate). */
export function listLoading(snapshot: ResourceSnapshot): boolean {
  return snapshot.hasTag('listBusy');
}

/** Why the list call now asked for failed, while it has (its operation keeps the failure). */
export function listFailure(snapshot: ResourceSnapshot): OperationFailure | null {
  const kind = snapshot.context.listKind;
  if (!kind || !snapshot.hasTag('listFailed')) return null;
  return (snapshot.children[kind] as OperationActor | undefined)?.getSnapshot().context.error ?? null;
}

/** While a failed list waits to try again: in how many seconds (the browser's `online` comes sooner). */
export function listRetryIn(snapshot: ResourceSnapshot): number | null {
  return snapshot.hasTag('listFailed') ? listRetryDelayS(snapshot.context.listRetries) : null;
}

/** The resource's copy of what an operation answered, where views read it (operations keep none). */
export function resourceOutput(context: ResourceContext, kind: ResourceOperationKind): unknown {
  switch (kind) {
    case 'browse':
    case 'paginate':
      return context.list ?? undefined;
    case 'fetch':
      return context.options;
    case 'read':
    case 'add':
    case 'edit':
      return context.record ?? undefined;
    case 'export':
      return context.exported ?? undefined;
    case 'delete':
      return undefined;
    default:
      return context.results[kind];
  }
}

export function resourceStatus(resource: ResourceActor, kind: ResourceOperationKind): OperationStatusCode {
  return statusCode(operationOf(resource, kind).getSnapshot());
}

export function resourceError(resource: ResourceActor, kind: ResourceOperationKind): OperationFailure | null {
  return operationOf(resource, kind).getSnapshot().context.error;
}
