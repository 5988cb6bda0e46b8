import type { ReviewApi } from '../api/review';
import type { TurnTiming } from '../api/schemas/review';
import { createConversationPartMachine, type PartActor, type PartSnapshot } from './conversationPart';

/**
 * One conversation's per-turn timings (issue 29): a read-only conversation part
 * (conversationPart.ts); a backend without timings (404/405) leaves it `unavailable`.
 */
export function createTurnTimingsMachine(api: Pick<ReviewApi, 'timings'>) {
  return createConversationPartMachine<TurnTiming>({ id: 'turnTimings', load: (conversationId, signal) => api.timings(conversationId, signal) });
}

export type TurnTimingsActor = PartActor<TurnTiming, never>;
export type TurnTimingsSnapshot = PartSnapshot<TurnTiming, never>;
