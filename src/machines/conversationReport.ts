import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ReportFile, ReportingApi } from '../api/reporting';
import { defineOperations, withReport, type OperationFamily, type ReportOf, type ResultsOf } from './operation';
import { saveFile } from './saveFile';

/** SPEC §3: a conversation report's tabs; `overview` is the conversation record itself. */
export const REPORT_TABS = ['overview', 'recordings', 'transcript', 'log', 'actions', 'quotes', 'usage-summary', 'data'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
export type ReportPart = Exclude<ReportTab, 'overview'>;
export const REPORT_PARTS = REPORT_TABS.filter((t): t is ReportPart => t !== 'overview');

/** Parts the conversation page always shows, whatever the tab: the recording beside its transcript. */
export const REVIEW_PARTS: readonly ReportPart[] = ['recordings', 'transcript'];

export function isReportTab(value: string | undefined): value is ReportTab {
  return (REPORT_TABS as readonly string[]).includes(value ?? '');
}

/** The report's operations: the record, each part, the transcript export. */
export type ReportOperation = keyof ReportOperations & string;

export interface ConversationReportContext {
  /** The conversation shown (uuid or id, as in the URL). */
  conversationId: string | null;
  tab: ReportTab;
  /** Parts already requested for this conversation: switching tabs back does not refetch. */
  requested: ReportPart[];
  /** The review parts this user may see (their own permission models): only these are fetched. */
  reviewParts: readonly ReportPart[];
  /** The record, each part and the last export's file name: THE copy (the operations keep none). */
  results: Partial<ConversationReportResults>;
}

export type ConversationReportEvent =
  | { type: 'conversationReport.open'; id: string; tab: ReportTab; reviewParts?: readonly ReportPart[] }
  | { type: 'conversationReport.reload' }
  | { type: 'conversationReport.export'; format: 'txt' | 'csv' }
  | { type: 'conversationReport.close' };

export const conversationReportSystemId = (operation: string) => `conversationReport:${operation}`;

type Api = Pick<ReportingApi, 'conversation' | 'tab' | 'usageSummary' | 'conversationData' | 'exportTranscript'>;

/**
 * One conversation report (systemId `conversationReport`): the record, then each tab's part on
 * first view. Opening another conversation empties every part first, so one conversation's
 * transcript never shows under another's heading.
 */
function reportOperations(api: Api, save: (file: ReportFile) => void) {
  const part = <P extends 'recordings' | 'transcript' | 'log' | 'actions' | 'quotes'>(tab: P, summary: string) => ({
    summary,
    call: (id: string, signal: AbortSignal) => api.tab(id, tab, signal),
  });
  return defineOperations(
    {
      conversation: { summary: 'Error Loading Record', call: (id: string, signal: AbortSignal) => api.conversation(id, signal) },
      recordings: part('recordings', 'Error Loading Records'),
      transcript: part('transcript', 'Error Loading Records'),
      log: part('log', 'Error Loading Records'),
      actions: part('actions', 'Error Loading Actions'),
      quotes: part('quotes', 'Error Loading Records'),
      'usage-summary': { summary: 'Error Loading Record', call: (id: string, signal: AbortSignal) => api.usageSummary(id, signal) },
      data: { summary: 'Error Loading Record', call: (id: string, signal: AbortSignal) => api.conversationData(id, signal) },
      exportTranscript: {
        summary: 'Export Record Failed',
        call: async ({ id, format }: { id: string; format: 'txt' | 'csv' }, signal: AbortSignal) => {
          const file = await api.exportTranscript(id, format, signal);
          save(file);
          return file.filename;
        },
      },
    },
    conversationReportSystemId,
  );
}

type ReportOperations = ReturnType<typeof reportOperations> extends OperationFamily<infer S> ? S : never;
/** What the record, each part and the export answer (inferred from their calls). */
export type ConversationReportResults = ResultsOf<ReportOperations>;

/**
 * One conversation report (systemId `conversationReport`): the record, then each tab's part on
 * first view. Opening another conversation empties every part first, so one conversation's
 * transcript never shows under another's heading.
 */
export function createConversationReportMachine(api: Api, save: (file: ReportFile) => void = saveFile) {
  const operations = reportOperations(api, save);

  return setup({
    types: { context: {} as ConversationReportContext, events: {} as ConversationReportEvent | ReportOf<ReportOperations> },
    actors: operations.actors,
  }).createMachine({
    id: 'conversationReport',
    context: { conversationId: null, tab: 'overview', requested: [], reviewParts: REVIEW_PARTS, results: {} },
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    on: {
      'conversationReport.open': {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const changed = context.conversationId !== event.id;
          if (changed) {
            operations.reset(enqueue);
            enqueue.sendTo('conversation', { type: 'operation.start', input: event.id });
          }
          const requested = changed ? [] : context.requested;
          const reviewParts = (event.reviewParts ?? REVIEW_PARTS).filter((part) => REVIEW_PARTS.includes(part));
          const wanted = [...reviewParts, ...(event.tab === 'overview' || REVIEW_PARTS.includes(event.tab) ? [] : [event.tab])];
          const missing = wanted.filter((part) => !requested.includes(part));
          for (const part of missing) enqueue.sendTo(part, { type: 'operation.start', input: event.id });
          enqueue(assign({ conversationId: event.id, tab: event.tab, requested: [...requested, ...missing], reviewParts, results: changed ? {} : context.results }));
        }),
      },
      'conversationReport.reload': {
        guard: ({ context }) => context.conversationId !== null,
        actions: enqueueActions(({ context, enqueue }) => {
          const id = context.conversationId as string;
          enqueue.sendTo('conversation', { type: 'operation.start', input: id });
          const shown = [...context.reviewParts, ...(context.tab === 'overview' || REVIEW_PARTS.includes(context.tab) ? [] : [context.tab])];
          for (const part of shown) enqueue.sendTo(part, { type: 'operation.start', input: id });
          // Other parts are fetched again when their tab is next shown.
          enqueue(assign({ requested: shown }));
        }),
      },
      'conversationReport.export': {
        guard: ({ context }) => context.conversationId !== null,
        actions: enqueueActions(({ context, event, enqueue }) =>
          enqueue.sendTo('exportTranscript', { type: 'operation.start', input: { id: context.conversationId, format: event.format } }),
        ),
      },
      'conversationReport.close': {
        actions: enqueueActions(({ enqueue }) => {
          operations.reset(enqueue);
          enqueue(assign({ conversationId: null, tab: 'overview', requested: [], reviewParts: REVIEW_PARTS, results: {} }));
        }),
      },
      // A part of a conversation since left never reports: opening another resets every operation.
      'operation.report.succeeded': { actions: assign(({ context, event }) => ({ results: withReport(context.results, event) })) },
    },
  });
}

export type ConversationReportMachine = ReturnType<typeof createConversationReportMachine>;
export type ConversationReportActor = ActorRefFrom<ConversationReportMachine>;
export type ConversationReportSnapshot = SnapshotFrom<ConversationReportMachine>;

