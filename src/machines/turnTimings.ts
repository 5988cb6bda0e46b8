import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isMissingFeature, type ReviewApi } from '../api/review';
import type { TurnTiming } from '../api/schemas/review';
import { failureOf, type OperationFailure } from './operation';

/**
 * One conversation's per-turn timings (issue 29): idle → loading → ready | unavailable (the
 * backend has no timings: 404/405, the timeline hides) | failed (retry).
 */
export function createTurnTimingsMachine(api: Pick<ReviewApi, 'timings'>) {
  return setup({
    types: {
      context: {} as { conversationId: string | null; turns: TurnTiming[]; error: OperationFailure | null },
      events: {} as { type: 'timings.open'; conversationId: string } | { type: 'timings.retry' },
    },
    actors: { load: fromPromise<TurnTiming[], string>(({ input, signal }) => api.timings(input, signal)) },
  }).createMachine({
    id: 'turnTimings',
    context: { conversationId: null, turns: [], error: null },
    initial: 'idle',
    on: { 'timings.open': { target: '.loading', actions: assign(({ event }) => ({ conversationId: event.conversationId, turns: [], error: null })) } },
    states: {
      idle: {},
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'load',
          input: ({ context }) => context.conversationId as string,
          onDone: { target: 'ready', actions: assign(({ event }) => ({ turns: event.output })) },
          onError: [
            { guard: ({ event }) => isMissingFeature(event.error), target: 'unavailable' },
            { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Error Loading Records') })) },
          ],
        },
      },
      ready: { tags: ['ready'] },
      unavailable: { tags: ['unavailable'] },
      failed: { tags: ['failed'], on: { 'timings.retry': 'loading' } },
    },
  });
}

export type TurnTimingsActor = ActorRefFrom<ReturnType<typeof createTurnTimingsMachine>>;
export type TurnTimingsSnapshot = SnapshotFrom<ReturnType<typeof createTurnTimingsMachine>>;
