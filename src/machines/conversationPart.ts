import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { failureOf, unavailableOrFailed, type OperationFailure } from './operation';

/**
 * THE statechart of a conversation's review part (issue 29): the notes pinned to it, its per-turn
 * timings. One conversation's items at a time:
 *
 *   idle → loading → ready | unavailable (404/405: the backend has no such call, the part hides)
 *                          | loadFailed (retry)
 *   ready: waiting ⇄ writing → waiting (emits `part.written`) | failed (the view keeps its text)
 *
 * A part without writes (the timings) never leaves `ready.waiting`. The parts differ only in
 * their calls, their order and how a write changes the items (conversationNotes.ts, turnTimings.ts).
 */

export interface PartContext<T, W> {
  conversationId: string | null;
  items: T[];
  error: OperationFailure | null;
  /** The write that failed last (the view shows its error beside that item or form). */
  failedWrite: W | null;
  /** The write in flight. */
  pending: W | null;
}

export type PartEvent<W> =
  | { type: 'part.open'; conversationId: string }
  | { type: 'part.retry' }
  | { type: 'part.write'; write: W };

export type PartEmitted<T, W> = { type: 'part.written'; write: W; item: T | null };

export interface PartSpec<T, W> {
  id: string;
  load: (conversationId: string, signal: AbortSignal) => Promise<T[]>;
  /** The items' order on screen (default: the server's). */
  order?: (a: T, b: T) => number;
  /** The part's writes: the call, and the items after it answered `item`. */
  writes?: {
    call: (conversationId: string, write: W, signal: AbortSignal) => Promise<T | null>;
    apply: (items: readonly T[], write: W, item: T | null) => T[];
  };
}

export function createConversationPartMachine<T, W = never>(spec: PartSpec<T, W>) {
  const sorted = (items: readonly T[]) => (spec.order ? [...items].sort(spec.order) : [...items]);
  return setup({
    types: { context: {} as PartContext<T, W>, events: {} as PartEvent<W>, emitted: {} as PartEmitted<T, W> },
    actors: {
      load: fromPromise<T[], string>(({ input, signal }) => spec.load(input, signal)),
      write: fromPromise<T | null, { conversationId: string; write: W }>(({ input, signal }) => {
        if (!spec.writes) throw new Error(`${spec.id}: this part has no writes`);
        return spec.writes.call(input.conversationId, input.write, signal);
      }),
    },
    guards: {
      'has writes': () => spec.writes !== undefined,
    },
  }).createMachine({
    id: spec.id,
    context: { conversationId: null, items: [], error: null, failedWrite: null, pending: null },
    initial: 'idle',
    on: {
      'part.open': { target: '.loading', actions: assign(({ event }) => ({ conversationId: event.conversationId, items: [], error: null, failedWrite: null, pending: null })) },
    },
    states: {
      idle: {},
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'load',
          input: ({ context }) => context.conversationId as string,
          onDone: { target: 'ready', actions: assign(({ event }) => ({ items: sorted(event.output) })) },
          onError: unavailableOrFailed({ unavailable: 'unavailable', failed: 'loadFailed' }, 'Error Loading Records'),
        },
      },
      unavailable: { tags: ['unavailable'] },
      loadFailed: { tags: ['failed'], on: { 'part.retry': 'loading' } },
      ready: {
        tags: ['ready'],
        initial: 'waiting',
        on: {
          'part.write': { guard: 'has writes', target: '.writing', actions: assign(({ event }) => ({ pending: event.write })) },
        },
        states: {
          waiting: {},
          writing: {
            tags: ['busy'],
            // One write at a time: another asked for meanwhile is not sent.
            on: { 'part.write': {} },
            invoke: {
              src: 'write',
              input: ({ context }) => ({ conversationId: context.conversationId as string, write: context.pending as W }),
              onDone: {
                target: 'waiting',
                actions: [
                  assign(({ context, event }) => ({ items: sorted(spec.writes!.apply(context.items, context.pending as W, event.output)), error: null, failedWrite: null })),
                  emit(({ context, event }) => ({ type: 'part.written' as const, write: context.pending as W, item: event.output })),
                  assign({ pending: null }),
                ],
              },
              onError: {
                target: 'failed',
                actions: assign(({ context, event }) => ({ error: failureOf(event.error, 'Edit Record Failed'), failedWrite: context.pending, pending: null })),
              },
            },
          },
          failed: { tags: ['writeFailed'] },
        },
      },
    },
  });
}

export type PartMachine<T, W> = ReturnType<typeof createConversationPartMachine<T, W>>;
export type PartActor<T, W> = ActorRefFrom<PartMachine<T, W>>;
export type PartSnapshot<T, W> = SnapshotFrom<PartMachine<T, W>>;

/** The reads every part shares (tags and context), for its `<part>Selectors`. */
export function partSelectors<T, W>() {
  return {
    ready: (s: PartSnapshot<T, W>) => s.hasTag('ready'),
    loading: (s: PartSnapshot<T, W>) => s.hasTag('loading'),
    busy: (s: PartSnapshot<T, W>) => s.hasTag('busy'),
    failed: (s: PartSnapshot<T, W>) => s.hasTag('failed'),
    writeFailed: (s: PartSnapshot<T, W>) => s.hasTag('writeFailed'),
    unavailable: (s: PartSnapshot<T, W>) => s.hasTag('unavailable'),
    items: (s: PartSnapshot<T, W>) => s.context.items,
    error: (s: PartSnapshot<T, W>) => s.context.error,
    conversationId: (s: PartSnapshot<T, W>) => s.context.conversationId,
  };
}
