import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { List } from '../api/envelope';
import type { Query } from '../api/query';
import type { ResourceRecord } from '../api/resources';
import type { BulkItem } from './bulkDelete';
import { recordsCsv } from './bulkCsv';
import { failureOf } from './operation';

/** Bulk actions take at most this many records (every loop bounded): narrow the search beyond it. */
export const MAX_BULK_RECORDS = 10_000;
/** Records asked per page while collecting "all matching". */
const COLLECT_PAGE_SIZE = 100;

export interface BulkSelectionDeps {
  section: string;
  browse: (query: Query, signal: AbortSignal) => Promise<List<ResourceRecord>>;
  paginate: (url: string, query: Query, signal: AbortSignal) => Promise<List<ResourceRecord>>;
  /** The record's name as the list shows it (failures and the Undo message name records by it). */
  nameOf: (record: ResourceRecord) => string;
  /** Hands the records to the bulk-delete actor (hidden at once, deleted after the Undo window). */
  schedule: (section: string, items: BulkItem[]) => void;
  save: (blob: Blob, filename: string) => void;
}

/** "All N matching": the selection is the list's filter (search, filters, sort), not N ids. */
export interface MatchingSelection {
  query: Query;
  total: number;
}

type Purpose = { kind: 'delete' } | { kind: 'export'; columns: string[]; filename: string };

export interface BulkSelectionContext {
  /** Records picked one by one or a page at a time, across pages (in the order picked). */
  picked: ResourceRecord[];
  /** The picked ids, for a row's checkbox (a new Set per change, so readers see the change). */
  pickedIds: ReadonlySet<string>;
  matching: MatchingSelection | null;
  /** The list's search, filters and sort the selection was made under: another one clears it. */
  scope: string;
  purpose: Purpose | null;
  /** While paging through "all matching": records collected of how many. */
  progress: { done: number; total: number } | null;
  /** Why the last collect failed (SPEC §8's detail), until the next action. */
  problem: string | null;
}

export type BulkSelectionEvent =
  | { type: 'selection.toggle'; record: ResourceRecord; page: ResourceRecord[] }
  | { type: 'selection.pickPage'; records: ResourceRecord[] }
  | { type: 'selection.unpickPage'; records: ResourceRecord[] }
  | { type: 'selection.pickMatching'; query: Query; total: number }
  | { type: 'selection.clear' }
  | { type: 'selection.scope'; scope: string }
  | { type: 'selection.delete' }
  | { type: 'selection.export'; columns: string[]; filename: string }
  | { type: 'selection.cancel' }
  | { type: 'selection.progress'; done: number; total: number }
  | { type: 'selection.collected'; records: ResourceRecord[] }
  | { type: 'selection.collectFailed'; detail: string };

export type BulkSelectionEmitted = { type: 'selection.scheduled'; count: number } | { type: 'selection.exported'; filename: string; count: number };

const idOf = (record: ResourceRecord) => String(record.id);

function withPicked(picked: ResourceRecord[]): Pick<BulkSelectionContext, 'picked' | 'pickedIds'> {
  return { picked, pickedIds: new Set(picked.map(idOf)) };
}

const NOTHING = { ...withPicked([]), matching: null, purpose: null, progress: null, problem: null };

/** Pages through the matching records (bounded), reporting progress. */
async function collect(deps: BulkSelectionDeps, matching: MatchingSelection, signal: AbortSignal, report: (done: number, total: number) => void): Promise<ResourceRecord[]> {
  const query = { ...matching.query, show: COLLECT_PAGE_SIZE };
  const records: ResourceRecord[] = [];
  let list = await deps.browse({ ...query, page: 1 }, signal);
  // A backend that pages by cursor still gives `links.next`; the page count bounds a link that loops.
  for (let pages = 1; ; pages += 1) {
    records.push(...list.data);
    const total = Math.min(list.meta.total, MAX_BULK_RECORDS);
    report(Math.min(records.length, total), total);
    const next = list.links.next;
    if (!next || list.data.length === 0 || records.length >= MAX_BULK_RECORDS || pages > MAX_BULK_RECORDS / COLLECT_PAGE_SIZE) break;
    list = await deps.paginate(next, query, signal);
  }
  return records.slice(0, MAX_BULK_RECORDS);
}

/**
 * A list page's selection (issue 30), page-scoped (systemId `bulkSelection:<section>`): rows
 * picked one by one or a page at a time, across pages; or "all N matching", which is the filter
 * itself. `ready` ⇄ `collecting` (paging through the matching records with progress, for a delete
 * or an export; leaving it aborts the requests). A delete hands the records to the root's
 * bulk-delete actor and clears the selection; an export saves the CSV of the chosen columns.
 */
export function createBulkSelectionMachine(deps: BulkSelectionDeps) {
  const act = (records: ResourceRecord[], purpose: Purpose): BulkSelectionEmitted => {
    if (purpose.kind === 'delete') {
      deps.schedule(deps.section, records.map((record) => ({ id: idOf(record), name: deps.nameOf(record) })));
      return { type: 'selection.scheduled', count: records.length };
    }
    deps.save(new Blob([recordsCsv(records, purpose.columns)], { type: 'text/csv' }), purpose.filename);
    return { type: 'selection.exported', filename: purpose.filename, count: records.length };
  };

  return setup({
    types: {
      context: {} as BulkSelectionContext,
      events: {} as BulkSelectionEvent,
      emitted: {} as BulkSelectionEmitted,
      tags: {} as 'busy',
    },
    actors: {
      collect: fromCallback<BulkSelectionEvent, MatchingSelection>(({ input, sendBack }) => {
        const abort = new AbortController();
        collect(deps, input, abort.signal, (done, total) => sendBack({ type: 'selection.progress', done, total })).then(
          (records) => sendBack({ type: 'selection.collected', records }),
          (error: unknown) => {
            if (!abort.signal.aborted) sendBack({ type: 'selection.collectFailed', detail: failureOf(error, 'Error Loading Records').detail });
          },
        );
        return () => abort.abort();
      }),
    },
    guards: {
      matching: ({ context }) => context.matching !== null,
      anyPicked: ({ context }) => context.matching !== null || context.picked.length > 0,
    },
    actions: {
      clear: assign(NOTHING),
      toggle: assign(({ context, event }) => {
        if (event.type !== 'selection.toggle') return {};
        const id = idOf(event.record);
        // Unticking one row of "all matching" leaves the rest of this page picked.
        if (context.matching) return { ...withPicked(event.page.filter((r) => idOf(r) !== id)), matching: null, problem: null };
        if (context.pickedIds.has(id)) return { ...withPicked(context.picked.filter((r) => idOf(r) !== id)), problem: null };
        return context.picked.length >= MAX_BULK_RECORDS ? {} : { ...withPicked([...context.picked, event.record]), problem: null };
      }),
      pickPage: assign(({ context, event }) => {
        if (event.type !== 'selection.pickPage') return {};
        const fresh = event.records.filter((r) => !context.pickedIds.has(idOf(r)));
        return { ...withPicked([...context.picked, ...fresh].slice(0, MAX_BULK_RECORDS)), matching: null, problem: null };
      }),
      unpickPage: assign(({ context, event }) => {
        if (event.type !== 'selection.unpickPage') return {};
        if (context.matching) return NOTHING;
        const page = new Set(event.records.map(idOf));
        return { ...withPicked(context.picked.filter((r) => !page.has(idOf(r)))), problem: null };
      }),
      pickMatching: assign(({ event }) => (event.type === 'selection.pickMatching' ? { ...NOTHING, matching: { query: event.query, total: event.total } } : {})),
      scope: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'selection.scope' || event.scope === context.scope) return;
        enqueue.assign({ ...NOTHING, scope: event.scope });
      }),
      actOnPicked: enqueueActions(({ context, enqueue }) => {
        if (!context.purpose) return;
        enqueue.emit(act(context.picked, context.purpose));
        enqueue.assign(context.purpose.kind === 'delete' ? NOTHING : { purpose: null });
      }),
      actOnCollected: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'selection.collected' || !context.purpose) return;
        enqueue.emit(act(event.records, context.purpose));
        enqueue.assign(context.purpose.kind === 'delete' ? NOTHING : { purpose: null, progress: null });
      }),
    },
  }).createMachine({
    id: `bulkSelection:${deps.section}`,
    context: { ...NOTHING, scope: '' },
    initial: 'ready',
    states: {
      ready: {
        on: {
          'selection.toggle': { actions: 'toggle' },
          'selection.pickPage': { actions: 'pickPage' },
          'selection.unpickPage': { actions: 'unpickPage' },
          'selection.pickMatching': { guard: ({ event }) => event.total > 0 && event.total <= MAX_BULK_RECORDS, actions: 'pickMatching' },
          'selection.clear': { actions: 'clear' },
          'selection.scope': { actions: 'scope' },
          'selection.delete': [
            { guard: 'matching', target: 'collecting', actions: assign({ purpose: { kind: 'delete' }, problem: null }) },
            { guard: 'anyPicked', actions: [assign({ purpose: { kind: 'delete' } }), 'actOnPicked'] },
          ],
          'selection.export': [
            { guard: 'matching', target: 'collecting', actions: assign(({ event }) => ({ purpose: { kind: 'export' as const, columns: event.columns, filename: event.filename }, problem: null })) },
            { guard: 'anyPicked', actions: [assign(({ event }) => ({ purpose: { kind: 'export' as const, columns: event.columns, filename: event.filename } })), 'actOnPicked'] },
          ],
        },
      },
      collecting: {
        tags: ['busy'],
        entry: assign(({ context }) => ({ progress: { done: 0, total: context.matching?.total ?? 0 } })),
        invoke: { src: 'collect', input: ({ context }) => context.matching! },
        on: {
          'selection.progress': { actions: assign(({ event }) => ({ progress: { done: event.done, total: event.total } })) },
          'selection.collected': { target: 'ready', actions: 'actOnCollected' },
          'selection.collectFailed': { target: 'ready', actions: assign(({ event }) => ({ problem: event.detail, purpose: null, progress: null })) },
          'selection.cancel': { target: 'ready', actions: assign({ purpose: null, progress: null }) },
          // The list moved to another filter: what was being collected is not the selection any more.
          'selection.scope': { guard: ({ context, event }) => event.scope !== context.scope, target: 'ready', actions: 'scope' },
        },
      },
    },
  });
}

export type BulkSelectionMachine = ReturnType<typeof createBulkSelectionMachine>;
export type BulkSelectionActor = ActorRefFrom<BulkSelectionMachine>;
export type BulkSelectionSnapshot = SnapshotFrom<BulkSelectionMachine>;
