import type { TurnTiming } from '../api/schemas/review';
import { partSelectors } from './conversationPart';
import type { TurnTimingsActor } from './turnTimings';

/** The turn timings actor's named API. */
export function turnTimingsApi(ref: TurnTimingsActor) {
  return {
    open: (conversationId: string) => ref.send({ type: 'part.open', conversationId }),
    retry: () => ref.send({ type: 'part.retry' }),
  };
}

const shared = partSelectors<TurnTiming, never>();
export const turnTimingsSelectors = { ...shared, turns: shared.items };
