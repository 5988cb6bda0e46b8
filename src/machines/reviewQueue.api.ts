import type { ConversationQuery } from '../api/reporting';
import type { ReviewQueueActor, ReviewQueueSnapshot } from './reviewQueue';

/** The review queue's named API (senders, tag selectors, and its one emitted event). */
export function reviewQueueApi(ref: ReviewQueueActor) {
  return {
    /** The conversations list's query: "next" keeps its filters. */
    keepFilters: (query: ConversationQuery) => ref.send({ type: 'queue.filters', query }),
    next: (current: string) => ref.send({ type: 'queue.next', current }),
    /** Learn (once) whether the backend has evaluations, from a listed conversation's. */
    checkSupport: (conversationId: string) => ref.send({ type: 'queue.checkSupport', conversationId }),
    /** Calls `go` with the next conversation's uuid when one is found; returns the unsubscribe. */
    onFound: (go: (conversationId: string) => void) => {
      const subscription = ref.on('queue.found', (event) => go(event.conversationId));
      return () => subscription.unsubscribe();
    },
  };
}

export const reviewQueueSelectors = {
  busy: (s: ReviewQueueSnapshot) => s.hasTag('busy'),
  empty: (s: ReviewQueueSnapshot) => s.hasTag('empty'),
  failed: (s: ReviewQueueSnapshot) => s.hasTag('failed'),
  /** The backend has no evaluations (404/405): the queue and the list's review filters hide. */
  unavailable: (s: ReviewQueueSnapshot) => s.hasTag('unavailable'),
  /** The backend answered the evaluations call (or failed otherwise): the review filters show. */
  supported: (s: ReviewQueueSnapshot) => s.hasTag('supported'),
  error: (s: ReviewQueueSnapshot) => s.context.error,
  query: (s: ReviewQueueSnapshot) => s.context.query,
};
