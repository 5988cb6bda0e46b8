import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConversationQuery } from '../api/reporting';
import { isMissingFeature, type ReviewApi } from '../api/review';
import { failureOf, type OperationFailure } from './operation';

/**
 * The review queue (issue 29): "next not evaluated" from a conversation page, keeping the
 * conversations list's filters. idle → finding → found (emits `queue.found` with the uuid) |
 * empty | failed | unavailable (the backend cannot filter by evaluation: 404/405).
 */

export type ReviewQueueApi = Pick<ReviewApi, 'nextNotEvaluated'>;

export interface ReviewQueueContext {
  /** The list's own query (its filters, search and sort), as the list page last used it. */
  query: ConversationQuery;
  next: string | null;
  error: OperationFailure | null;
}

export type ReviewQueueEvent =
  | { type: 'queue.filters'; query: ConversationQuery }
  | { type: 'queue.next'; current: string };

export type ReviewQueueEmitted = { type: 'queue.found'; conversationId: string };

export function createReviewQueueMachine(api: ReviewQueueApi) {
  return setup({
    types: { context: {} as ReviewQueueContext, events: {} as ReviewQueueEvent, emitted: {} as ReviewQueueEmitted },
    actors: {
      find: fromPromise<string | null, { query: ConversationQuery; current: string }>(({ input, signal }) => api.nextNotEvaluated(input.query, input.current, signal)),
    },
  }).createMachine({
    id: 'reviewQueue',
    context: { query: {}, next: null, error: null },
    initial: 'idle',
    on: {
      'queue.filters': { actions: assign(({ event }) => ({ query: event.query })) },
    },
    states: {
      idle: { on: { 'queue.next': 'finding' } },
      finding: {
        tags: ['busy'],
        invoke: {
          src: 'find',
          input: ({ context, event }) => ({ query: context.query, current: (event as { current: string }).current }),
          onDone: [
            { guard: ({ event }) => event.output === null, target: 'empty', actions: assign({ next: null, error: null }) },
            {
              target: 'found',
              actions: [assign(({ event }) => ({ next: event.output, error: null })), emit(({ event }) => ({ type: 'queue.found' as const, conversationId: event.output as string }))],
            },
          ],
          onError: [
            { guard: ({ event }) => isMissingFeature(event.error), target: 'unavailable' },
            { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Error Loading Records') })) },
          ],
        },
      },
      found: { tags: ['found'], on: { 'queue.next': 'finding' } },
      empty: { tags: ['empty'], on: { 'queue.next': 'finding' } },
      failed: { tags: ['failed'], on: { 'queue.next': 'finding' } },
      unavailable: { tags: ['unavailable'] },
    },
  });
}

export type ReviewQueueActor = ActorRefFrom<ReturnType<typeof createReviewQueueMachine>>;
export type ReviewQueueSnapshot = SnapshotFrom<ReturnType<typeof createReviewQueueMachine>>;
