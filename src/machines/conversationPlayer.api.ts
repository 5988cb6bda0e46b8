import type { ConversationPlayerActor, ConversationPlayerSnapshot } from './conversationPlayer';

/**
 * The recording player's named API: what a view asks (load, play, seek …), what the media element
 * reports back (its `media*` senders), and the machine's requests to the element (`on*`).
 */
export function conversationPlayerApi(ref: ConversationPlayerActor) {
  const listen = <E extends 'player.playRequested' | 'player.pauseRequested' | 'player.seekRequested'>(type: E, handler: (event: { type: E; seconds?: number }) => void) => {
    const subscription = ref.on(type, handler as never);
    return () => subscription.unsubscribe();
  };
  return {
    /** Show this recording (`null`: none playable). */
    load: (url: string | null) => ref.send(url ? { type: 'player.load', url } : { type: 'player.unload' }),
    retry: () => ref.send({ type: 'player.retry' }),
    toggle: () => ref.send({ type: 'player.toggle' }),
    seek: (seconds: number) => ref.send({ type: 'player.seek', seconds }),
    skip: (seconds: number) => ref.send({ type: 'player.skip', seconds }),
    follow: (following: boolean) => ref.send({ type: 'player.follow', following }),
    // What the media element did.
    mediaReady: (duration: number) => ref.send({ type: 'player.ready', duration }),
    mediaTime: (seconds: number) => ref.send({ type: 'player.timeChanged', seconds }),
    mediaStarted: () => ref.send({ type: 'player.started' }),
    mediaStopped: () => ref.send({ type: 'player.stopped' }),
    mediaEnded: () => ref.send({ type: 'player.ended' }),
    mediaFailed: (message: string) => ref.send({ type: 'player.mediaFailed', message }),
    // What the machine asks of the media element; each returns its unsubscribe.
    onPlayRequested: (handler: () => void) => listen('player.playRequested', handler),
    onPauseRequested: (handler: () => void) => listen('player.pauseRequested', handler),
    onSeekRequested: (handler: (seconds: number) => void) => listen('player.seekRequested', (event) => handler(event.seconds ?? 0)),
  };
}
export type ConversationPlayerSenders = ReturnType<typeof conversationPlayerApi>;

/** The player as a view names it. */
export type PlayerPhase = 'empty' | 'loading' | 'failed' | 'paused' | 'playing';

export const conversationPlayerSelectors = {
  phase: (s: ConversationPlayerSnapshot): PlayerPhase =>
    s.hasTag('loading') ? 'loading' : s.hasTag('failed') ? 'failed' : s.hasTag('playing') ? 'playing' : s.hasTag('ready') ? 'paused' : 'empty',
  /** The audio is loaded: play, pause, skip and Space work. */
  playable: (s: ConversationPlayerSnapshot) => s.hasTag('ready'),
  audio: (s: ConversationPlayerSnapshot) => s.context.audio,
  currentTime: (s: ConversationPlayerSnapshot) => s.context.currentTime,
  /** The whole second playing (re-renders once a second, not per time report). */
  second: (s: ConversationPlayerSnapshot) => Math.floor(s.context.currentTime),
  duration: (s: ConversationPlayerSnapshot) => s.context.duration,
  error: (s: ConversationPlayerSnapshot) => s.context.error,
  following: (s: ConversationPlayerSnapshot) => s.context.following,
};
