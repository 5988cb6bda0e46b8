import type { LiveWatchActor, LiveWatchSnapshot } from './liveWatch';

/** The live watch's named senders. */
export function liveWatchApi(ref: LiveWatchActor) {
  return {
    start: (conversationId: string) => ref.send({ type: 'liveWatch.start', conversationId }),
    stop: () => ref.send({ type: 'liveWatch.stop' }),
  };
}

/** What the conversation page reads, by tag. */
export const liveWatchSelectors = {
  conversationId: (s: LiveWatchSnapshot) => s.context.conversationId,
  lines: (s: LiveWatchSnapshot) => s.context.lines,
  typing: (s: LiveWatchSnapshot) => s.context.typing,
  refusal: (s: LiveWatchSnapshot) => s.context.refusal,
  busy: (s: LiveWatchSnapshot) => s.hasTag('busy'),
  watching: (s: LiveWatchSnapshot) => s.hasTag('watching'),
  ended: (s: LiveWatchSnapshot) => s.hasTag('ended'),
  lost: (s: LiveWatchSnapshot) => s.hasTag('lost'),
  unavailable: (s: LiveWatchSnapshot) => s.hasTag('unavailable'),
  refused: (s: LiveWatchSnapshot) => s.hasTag('refused'),
};
