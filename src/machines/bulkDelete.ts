import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { failureOf } from './operation';

/** One record of a bulk delete, with the name the user knows it by (failures are reported by it). */
export interface BulkItem {
  id: string;
  name: string;
}

export interface BulkBatch {
  id: number;
  section: string;
  items: BulkItem[];
}

export interface BulkFailure extends BulkItem {
  detail: string;
}

/** How a batch ended: how many went, and which did not (their rows are back in the list). */
export interface BulkReport {
  batch: number;
  section: string;
  deleted: number;
  failed: BulkFailure[];
}

/** The Undo window: the rows are gone at once, the deletes go out after it (issue 30: at least 5 s). */
export const UNDO_WINDOW_MS = 10_000;
/** Deletes in flight at once: 100 records never open 100 connections. */
export const DELETE_CONCURRENCY = 4;
/** Ids kept hidden per section after their delete succeeded, until the list has been asked again. */
const GONE_KEPT = 10_000;
/** Reports kept (the newest last). */
const REPORTS_KEPT = 5;

export interface BulkDeleteDeps {
  /** Deletes one record of `section` (the section's DELETE /api/v1/<section>/{id}). */
  remove: (section: string, id: string, signal: AbortSignal) => Promise<unknown>;
  /** Asks `section`'s list again with its current parameters (the deleted rows leave for good, the page refills). */
  refresh?: (section: string) => void;
  /**
   * Keeps the tab from closing silently while deletes wait or run; returns the undo. The
   * browser's `beforeunload` by default (its own "Leave site?" question), nothing in Node.
   */
  guardUnload?: () => () => void;
}

export interface BulkDeleteContext {
  /** The batch inside its Undo window. */
  waiting: BulkBatch | null;
  /** Batches whose deletes are out, with how many have settled. */
  sending: Array<BulkBatch & { done: number }>;
  /** Per section, the ids a list must not show: waiting, being deleted, or deleted and not yet asked again. */
  hidden: Record<string, readonly string[]>;
  /** Deleted ids per section (kept hidden until the list's next answer no longer has them). */
  gone: Record<string, readonly string[]>;
  reports: BulkReport[];
  nextBatch: number;
}

export type BulkDeleteEvent =
  | { type: 'bulkDelete.schedule'; section: string; items: BulkItem[] }
  | { type: 'bulkDelete.undo'; batch?: number }
  /** Sends the waiting batch now (the window closes early). */
  | { type: 'bulkDelete.commit' }
  | { type: 'bulkDelete.progress'; batch: number; done: number }
  | { type: 'bulkDelete.finished'; batch: number; deleted: string[]; failed: BulkFailure[] }
  | { type: 'bulkDelete.dismiss'; batch: number };

export type BulkDeleteEmitted =
  | { type: 'bulkDelete.scheduled'; batch: BulkBatch }
  | { type: 'bulkDelete.undone'; batch: BulkBatch }
  | { type: 'bulkDelete.settled'; report: BulkReport };

const EMPTY: readonly string[] = [];

function hiddenOf(context: Pick<BulkDeleteContext, 'waiting' | 'sending' | 'gone'>): Record<string, readonly string[]> {
  const hidden: Record<string, string[]> = {};
  const add = (section: string, ids: Iterable<string>) => (hidden[section] ??= []).push(...ids);
  for (const [section, ids] of Object.entries(context.gone)) add(section, ids);
  for (const batch of [...context.sending, ...(context.waiting ? [context.waiting] : [])]) add(batch.section, batch.items.map((item) => item.id));
  return hidden;
}

/** Deletes a batch's records, `DELETE_CONCURRENCY` at a time; each failure is kept with its record's name. */
async function deleteAll(deps: BulkDeleteDeps, batch: BulkBatch, signal: AbortSignal, done: (count: number) => void): Promise<{ deleted: string[]; failed: BulkFailure[] }> {
  const deleted: string[] = [];
  const failed: BulkFailure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batch.items.length && !signal.aborted) {
      const item = batch.items[next++]!;
      try {
        await deps.remove(batch.section, item.id, signal);
        deleted.push(item.id);
      } catch (error) {
        if (signal.aborted) return;
        failed.push({ ...item, detail: failureOf(error, 'Error Deleting').detail });
      }
      done(deleted.length + failed.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, batch.items.length) }, worker));
  return { deleted, failed };
}

function browserUnloadGuard(): () => void {
  if (typeof window === 'undefined') return () => {};
  const ask = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers need a value to ask; the text itself is the browser's own.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', ask);
  return () => window.removeEventListener('beforeunload', ask);
}

/**
 * Bulk deletes with Undo (issue 30), a session actor of the root (systemId `bulkDelete`), so the
 * Undo window outlives the list page: the user may move around the portal and come back.
 *
 * `window`: idle → waiting (the rows are hidden at once; `UNDO_WINDOW_MS`) → the batch is sent, or
 * undone (the rows come back). A second batch scheduled while one waits sends the first at once.
 * `sending` is busy while any batch's deletes are out; each settles into a report naming the
 * records that failed (their rows come back).
 *
 * Closing the tab while a batch waits or is being sent ASKS (the browser's "Leave site?"): the
 * deletes are not fired blind at unload, where no failure could be reported to anyone; leaving
 * anyway leaves the waiting records undeleted (as Undo would).
 */
export function createBulkDeleteMachine(deps: BulkDeleteDeps) {
  const guardUnload = deps.guardUnload ?? browserUnloadGuard;
  return setup({
    types: {
      context: {} as BulkDeleteContext,
      events: {} as BulkDeleteEvent,
      emitted: {} as BulkDeleteEmitted,
      tags: {} as 'undoable' | 'busy',
    },
    actors: {
      unloadGuard: fromCallback(() => guardUnload()),
      send: fromCallback<BulkDeleteEvent, BulkBatch>(({ input: batch, sendBack }) => {
        const abort = new AbortController();
        void deleteAll(deps, batch, abort.signal, (done) => sendBack({ type: 'bulkDelete.progress', batch: batch.id, done })).then(({ deleted, failed }) => {
          if (!abort.signal.aborted) sendBack({ type: 'bulkDelete.finished', batch: batch.id, deleted, failed });
        });
        // The session ended (the root stops its area actors): what has not gone out stays.
        return () => abort.abort();
      }),
    },
    delays: { undoWindow: UNDO_WINDOW_MS },
    guards: {
      sendingAny: ({ context }) => context.sending.length > 0,
      thisBatchWaits: ({ context, event }) => event.type === 'bulkDelete.undo' && context.waiting !== null && (event.batch === undefined || event.batch === context.waiting.id),
    },
    actions: {
      wait: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'bulkDelete.schedule') return;
        // Records already hidden (a double click) are not deleted twice.
        const hidden = new Set(context.hidden[event.section] ?? EMPTY);
        const items = event.items.filter((item) => !hidden.has(item.id));
        const batch: BulkBatch = { id: context.nextBatch, section: event.section, items };
        const next = { ...context, waiting: batch, nextBatch: context.nextBatch + 1 };
        enqueue.assign({ waiting: batch, nextBatch: next.nextBatch, hidden: hiddenOf(next) });
        enqueue.emit({ type: 'bulkDelete.scheduled', batch });
      }),
      sendWaiting: enqueueActions(({ context, enqueue }) => {
        const batch = context.waiting;
        if (!batch) return;
        enqueue.assign({ waiting: null, sending: [...context.sending, { ...batch, done: 0 }] });
        enqueue.spawnChild('send', { id: `batch-${batch.id}`, input: batch });
      }),
      undo: enqueueActions(({ context, enqueue }) => {
        const batch = context.waiting;
        if (!batch) return;
        const next = { ...context, waiting: null };
        enqueue.assign({ waiting: null, hidden: hiddenOf(next) });
        enqueue.emit({ type: 'bulkDelete.undone', batch });
      }),
      progress: assign({
        sending: ({ context, event }) => (event.type === 'bulkDelete.progress' ? context.sending.map((b) => (b.id === event.batch ? { ...b, done: event.done } : b)) : context.sending),
      }),
      settle: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'bulkDelete.finished') return;
        const batch = context.sending.find((b) => b.id === event.batch);
        if (!batch) return;
        const sending = context.sending.filter((b) => b.id !== event.batch);
        const gone = { ...context.gone, [batch.section]: [...(context.gone[batch.section] ?? EMPTY), ...event.deleted].slice(-GONE_KEPT) };
        const report: BulkReport = { batch: batch.id, section: batch.section, deleted: event.deleted.length, failed: event.failed };
        enqueue.assign({ sending, gone, hidden: hiddenOf({ waiting: context.waiting, sending, gone }), reports: [...context.reports, report].slice(-REPORTS_KEPT) });
        enqueue.stopChild(`batch-${batch.id}`);
        enqueue.emit({ type: 'bulkDelete.settled', report });
        if (deps.refresh) {
          const refresh = deps.refresh;
          enqueue(() => refresh(batch.section));
        }
      }),
      dismiss: assign({
        reports: ({ context, event }) => (event.type === 'bulkDelete.dismiss' ? context.reports.filter((r) => r.batch !== event.batch) : context.reports),
      }),
    },
  }).createMachine({
    id: 'bulkDelete',
    context: { waiting: null, sending: [], hidden: {}, gone: {}, reports: [], nextBatch: 1 },
    type: 'parallel',
    on: {
      'bulkDelete.progress': { actions: 'progress' },
      'bulkDelete.finished': { actions: 'settle' },
      'bulkDelete.dismiss': { actions: 'dismiss' },
    },
    states: {
      window: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'bulkDelete.schedule': { guard: ({ event }) => event.items.length > 0, target: 'waiting', actions: 'wait' } },
          },
          waiting: {
            tags: ['undoable'],
            invoke: { src: 'unloadGuard' },
            after: { undoWindow: { target: 'idle', actions: 'sendWaiting' } },
            on: {
              // The first batch goes now; the new one gets its own full window.
              'bulkDelete.schedule': { guard: ({ event }) => event.items.length > 0, target: 'waiting', reenter: true, actions: ['sendWaiting', 'wait'] },
              'bulkDelete.undo': { guard: 'thisBatchWaits', target: 'idle', actions: 'undo' },
              'bulkDelete.commit': { target: 'idle', actions: 'sendWaiting' },
            },
          },
        },
      },
      sending: {
        initial: 'idle',
        states: {
          idle: { always: { guard: 'sendingAny', target: 'busy' } },
          busy: {
            tags: ['busy'],
            invoke: { src: 'unloadGuard' },
            always: { guard: ({ context }) => context.sending.length === 0, target: 'idle' },
          },
        },
      },
    },
  });
}

export type BulkDeleteMachine = ReturnType<typeof createBulkDeleteMachine>;
export type BulkDeleteActor = ActorRefFrom<BulkDeleteMachine>;
export type BulkDeleteSnapshot = SnapshotFrom<BulkDeleteMachine>;

export const NO_IDS = EMPTY;
