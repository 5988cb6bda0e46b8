import type { TurnTimingsActor, TurnTimingsSnapshot } from './turnTimings';

/** The turn timings actor's named API. */
export function turnTimingsApi(ref: TurnTimingsActor) {
  return {
    open: (conversationId: string) => ref.send({ type: 'timings.open', conversationId }),
    retry: () => ref.send({ type: 'timings.retry' }),
  };
}

export const turnTimingsSelectors = {
  ready: (s: TurnTimingsSnapshot) => s.hasTag('ready'),
  loading: (s: TurnTimingsSnapshot) => s.hasTag('loading'),
  failed: (s: TurnTimingsSnapshot) => s.hasTag('failed'),
  unavailable: (s: TurnTimingsSnapshot) => s.hasTag('unavailable'),
  turns: (s: TurnTimingsSnapshot) => s.context.turns,
  error: (s: TurnTimingsSnapshot) => s.context.error,
};
