import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { ConversationQuery, ReportFile, ReportingApi } from '../api/reporting';
import type { Grade } from '../api/schemas/reporting';
import { defineOperations, withoutResults, withReport, type OperationFamily, type ReportOf, type ResultsOf } from './operation';
import { saveFile } from './saveFile';

/**
 * Lists of conversations (systemId `conversationReports`): the filtered list, the lists by grade
 * and by disposition (SPEC §7), the CSV export, and the filter options (dispositions that occur
 * in the caller's conversations). The list state itself lives in the page URL; the view sends
 * `conversations.browse` with what the URL says, and a newer browse supersedes an older one.
 */
/** The lists' operations (list, byGrade, byDisposition, export, options). */
export type ListOperation = keyof ListOperations & string;

export interface ConversationListContext {
  /** What each call answered: THE copy (the operations keep none). */
  results: Partial<ConversationListResults>;
}

export type ConversationListEvent =
  | { type: 'conversations.browse'; query: ConversationQuery }
  | { type: 'conversations.paginate'; url: string; query?: ConversationQuery }
  | { type: 'conversations.byGrade'; grades: readonly Grade[]; query?: ConversationQuery }
  | { type: 'conversations.byDisposition'; ids: readonly string[]; query?: ConversationQuery }
  | { type: 'conversations.export'; query: ConversationQuery }
  | { type: 'conversations.cancelExport' }
  | { type: 'conversations.loadOptions' }
  | { type: 'conversations.reset' };

export const conversationListSystemId = (operation: string) => `conversationReports:${operation}`;

type Api = Pick<ReportingApi, 'conversations' | 'paginateConversations' | 'conversationsByGrade' | 'conversationsByDisposition' | 'exportConversations' | 'global'>;

type ListInput = { kind: 'query'; query: ConversationQuery } | { kind: 'url'; url: string; query?: ConversationQuery };

function listOperations(api: Api, save: (file: ReportFile) => void) {
  return defineOperations(
    {
      list: {
        summary: 'Error Loading Records',
        call: (input: ListInput, signal: AbortSignal) => (input.kind === 'url' ? api.paginateConversations(input.url, input.query, signal) : api.conversations(input.query, signal)),
      },
      byGrade: { summary: 'Error Loading Records', call: ({ grades, query }: { grades: readonly Grade[]; query?: ConversationQuery }, signal: AbortSignal) => api.conversationsByGrade(grades, query, signal) },
      byDisposition: {
        summary: 'Error Loading Records',
        call: ({ ids, query }: { ids: readonly string[]; query?: ConversationQuery }, signal: AbortSignal) => api.conversationsByDisposition(ids, query, signal),
      },
      // A million-row file streams for a while: its rows so far are the operation's progress.
      export: {
        summary: 'Export Record Failed',
        call: async (query: ConversationQuery, signal: AbortSignal, report: (progress: unknown) => void) => {
          const file = await api.exportConversations(query, signal, report);
          save(file);
          return file.filename;
        },
      },
      options: { summary: 'Error Loading Dispositions', call: async (_input: void, signal: AbortSignal) => (await api.global({}, signal)).dispositions ?? [] },
    },
    conversationListSystemId,
  );
}

type ListOperations = ReturnType<typeof listOperations> extends OperationFamily<infer S> ? S : never;
/** What each conversations call answers (inferred from its call). */
export type ConversationListResults = ResultsOf<ListOperations>;

export function createConversationListMachine(api: Api, save: (file: ReportFile) => void = saveFile) {
  const operations = listOperations(api, save);

  return setup({
    types: { context: {} as ConversationListContext, events: {} as ConversationListEvent | ReportOf<ListOperations> },
    actors: operations.actors,
  }).createMachine({
    id: 'conversationReports',
    context: { results: {} },
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    on: {
      // One operation for browse and paginate: whichever was asked last wins.
      'conversations.browse': { actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('list', { type: 'operation.start', input: { kind: 'query', query: event.query } })) },
      'conversations.paginate': { actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('list', { type: 'operation.start', input: { kind: 'url', url: event.url, query: event.query } })) },
      'conversations.byGrade': {
        actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('byGrade', { type: 'operation.start', input: { grades: event.grades, query: event.query } })),
      },
      'conversations.byDisposition': {
        actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('byDisposition', { type: 'operation.start', input: { ids: event.ids, query: event.query } })),
      },
      'conversations.export': { actions: enqueueActions(({ enqueue, event }) => enqueue.sendTo('export', { type: 'operation.start', input: event.query })) },
      // Back to idle: the running download is stopped (its request aborted) and nothing is saved.
      'conversations.cancelExport': {
        actions: [enqueueActions(({ enqueue }) => operations.reset(enqueue, ['export'])), assign(({ context }) => ({ results: withoutResults(context.results, ['export']) }))],
      },
      'conversations.loadOptions': { actions: enqueueActions(({ enqueue }) => enqueue.sendTo('options', { type: 'operation.start' })) },
      'conversations.reset': {
        actions: enqueueActions(({ enqueue }) => {
          operations.reset(enqueue);
          enqueue.assign({ results: {} });
        }),
      },
      'operation.report.succeeded': { actions: assign(({ context, event }) => ({ results: withReport(context.results, event) })) },
    },
  });
}

export type ConversationListActor = ActorRefFrom<ReturnType<typeof createConversationListMachine>>;

