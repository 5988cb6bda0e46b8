import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConversationQuery } from '../api/reporting';
import { isMissingFeature, type ReviewApi } from '../api/review';
import { failureOf, type OperationFailure } from './operation';

/**
 * The review queue (issue 29), two regions:
 * - `next`: "next not evaluated" from a conversation page, keeping the conversations list's
 *   filters. idle → finding → found (emits `queue.found` with the uuid) | empty | failed.
 * - `support`: whether this backend has evaluations at all, so the list shows its Evaluation and
 *   Score filters only where they mean something. Asked once per session with the evaluations of
 *   a listed conversation (the call the conversation page makes first): unknown → checking →
 *   supported | missing (404/405, docs/review-contract.md) | undetermined (any other failure: the
 *   filters stay, as before; asked again with the next list). A 404/405 of "next" is missing too.
 */

export type ReviewQueueApi = Pick<ReviewApi, 'nextNotEvaluated' | 'evaluations'>;

export interface ReviewQueueContext {
  /** The list's own query (its filters, search and sort), as the list page last used it. */
  query: ConversationQuery;
  next: string | null;
  error: OperationFailure | null;
}

export type ReviewQueueEvent =
  | { type: 'queue.filters'; query: ConversationQuery }
  | { type: 'queue.next'; current: string }
  | { type: 'queue.checkSupport'; conversationId: string };

export type ReviewQueueEmitted = { type: 'queue.found'; conversationId: string };

export function createReviewQueueMachine(api: ReviewQueueApi) {
  return setup({
    types: { context: {} as ReviewQueueContext, events: {} as ReviewQueueEvent, emitted: {} as ReviewQueueEmitted },
    actors: {
      find: fromPromise<string | null, { query: ConversationQuery; current: string }>(({ input, signal }) => api.nextNotEvaluated(input.query, input.current, signal)),
      checkSupport: fromPromise<unknown, string>(({ input, signal }) => api.evaluations(input, signal)),
    },
    guards: {
      'backend lacks the call': ({ event }) => isMissingFeature((event as { error?: unknown }).error),
    },
  }).createMachine({
    id: 'reviewQueue',
    context: { query: {}, next: null, error: null },
    type: 'parallel',
    on: {
      'queue.filters': { actions: assign(({ event }) => ({ query: event.query })) },
    },
    states: {
      next: {
        initial: 'idle',
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
                { guard: 'backend lacks the call', target: ['idle', '#reviewQueue.support.missing'] },
                { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Error Loading Records') })) },
              ],
            },
          },
          found: { tags: ['found'], on: { 'queue.next': 'finding' } },
          empty: { tags: ['empty'], on: { 'queue.next': 'finding' } },
          failed: { tags: ['failed'], on: { 'queue.next': 'finding' } },
        },
      },
      support: {
        initial: 'unknown',
        states: {
          unknown: { on: { 'queue.checkSupport': 'checking' } },
          checking: {
            invoke: {
              src: 'checkSupport',
              input: ({ event }) => (event as { conversationId: string }).conversationId,
              onDone: 'supported',
              onError: [{ guard: 'backend lacks the call', target: 'missing' }, { target: 'undetermined' }],
            },
          },
          supported: { tags: ['supported'] },
          undetermined: { tags: ['supported'], on: { 'queue.checkSupport': 'checking' } },
          // Nothing asks again this session: the backend has no evaluations.
          missing: { tags: ['unavailable'] },
        },
      },
    },
  });
}

export type ReviewQueueActor = ActorRefFrom<ReturnType<typeof createReviewQueueMachine>>;
export type ReviewQueueSnapshot = SnapshotFrom<ReturnType<typeof createReviewQueueMachine>>;
