import type { ConversationQuery } from '../api/reporting';
import type { ReviewQueueActor, ReviewQueueSnapshot } from './reviewQueue';

/** The review queue's named API (senders, tag selectors, and its one emitted event). */
export function reviewQueueApi(ref: ReviewQueueActor) {
  return {
    /** The conversations list's query: "next" keeps its filters. */
    keepFilters: (query: ConversationQuery) => ref.send({ type: 'queue.filters', query }),
    next: (current: string) => ref.send({ type: 'queue.next', current }),
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
  unavailable: (s: ReviewQueueSnapshot) => s.hasTag('unavailable'),
  error: (s: ReviewQueueSnapshot) => s.context.error,
  query: (s: ReviewQueueSnapshot) => s.context.query,
};
