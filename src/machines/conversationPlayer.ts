import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { failureOf, type OperationFailure } from './operation';

/**
 * The conversation page's player: a recording's audio is fetched (through src/api, with the
 * session), then played, paused and sought while the transcript follows the line being spoken.
 * The media element itself lives in the view (wavesurfer draws it): this machine says what should
 * happen by emitting `player.playRequested`, `player.pauseRequested` and `player.seekRequested`,
 * and the view reports what the media did (`player.timeChanged`, `player.ended`, …).
 */
export interface PlayerContext {
  url: string | null;
  audio: Blob | null;
  currentTime: number;
  duration: number;
  /** The transcript keeps the spoken line in view; scrolling it by hand pauses this. */
  following: boolean;
  error: OperationFailure | null;
}

export type PlayerEvent =
  | { type: 'player.load'; url: string }
  | { type: 'player.retry' }
  | { type: 'player.unload' }
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.toggle' }
  | { type: 'player.seek'; seconds: number }
  | { type: 'player.skip'; seconds: number }
  | { type: 'player.follow'; following: boolean }
  // Reports from the media element:
  | { type: 'player.ready'; duration: number }
  | { type: 'player.timeChanged'; seconds: number }
  | { type: 'player.started' }
  | { type: 'player.stopped' }
  | { type: 'player.ended' }
  | { type: 'player.mediaFailed'; message: string };

export type PlayerEmitted =
  | { type: 'player.playRequested' }
  | { type: 'player.pauseRequested' }
  | { type: 'player.seekRequested'; seconds: number };

export const PLAYER_SUMMARY = 'Error Loading Record';

const clampTime = (seconds: number, duration: number) => Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);

export function createConversationPlayerMachine(loadAudio: (url: string, signal: AbortSignal) => Promise<Blob>) {
  return setup({
    types: { context: {} as PlayerContext, events: {} as PlayerEvent, emitted: {} as PlayerEmitted, tags: {} as 'loading' | 'busy' | 'failed' | 'ready' | 'paused' | 'playing' },
    actors: {
      fetchAudio: fromPromise<Blob, { url: string }>(({ input, signal }) => loadAudio(input.url, signal)),
    },
    actions: {
      forgetAudio: assign({ audio: null, currentTime: 0, duration: 0, error: null }),
      seekTo: assign(({ context }, params: { seconds: number }) => ({ currentTime: clampTime(params.seconds, context.duration) })),
      requestSeek: emit(({ context }) => ({ type: 'player.seekRequested' as const, seconds: context.currentTime })),
    },
    guards: {
      'is another recording': ({ context, event }) => event.type === 'player.load' && event.url !== context.url,
    },
  }).createMachine({
    id: 'conversationPlayer',
    context: { url: null, audio: null, currentTime: 0, duration: 0, following: true, error: null },
    initial: 'empty',
    on: {
      'player.load': { guard: 'is another recording', target: '.loading', actions: [assign({ url: ({ event }) => event.url }), 'forgetAudio'] },
      'player.unload': { target: '.empty', actions: [assign({ url: null }), 'forgetAudio'] },
      'player.follow': { actions: assign({ following: ({ event }) => event.following }) },
    },
    states: {
      empty: {},
      loading: {
        tags: ['loading', 'busy'],
        invoke: {
          src: 'fetchAudio',
          input: ({ context }) => ({ url: context.url ?? '' }),
          onDone: { target: 'ready', actions: assign({ audio: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error, PLAYER_SUMMARY) }) },
        },
      },
      failed: {
        tags: ['failed'],
        on: { 'player.retry': { target: 'loading', actions: 'forgetAudio' } },
      },
      ready: {
        tags: ['ready'],
        initial: 'paused',
        on: {
          'player.ready': { actions: assign({ duration: ({ event }) => Math.max(0, event.duration) }) },
          'player.timeChanged': { actions: assign({ currentTime: ({ event }) => Math.max(0, event.seconds) }) },
          'player.seek': { actions: [{ type: 'seekTo', params: ({ event }) => ({ seconds: event.seconds }) }, 'requestSeek'] },
          'player.skip': { actions: [{ type: 'seekTo', params: ({ context, event }) => ({ seconds: context.currentTime + event.seconds }) }, 'requestSeek'] },
          'player.mediaFailed': { target: 'failed', actions: assign({ error: ({ event }) => ({ summary: PLAYER_SUMMARY, detail: event.message, status: 0, fieldErrors: {} }) }) },
        },
        states: {
          paused: {
            tags: ['paused'],
            on: {
              'player.play': { target: 'playing', actions: emit({ type: 'player.playRequested' }) },
              'player.toggle': { target: 'playing', actions: emit({ type: 'player.playRequested' }) },
              'player.started': 'playing',
            },
          },
          playing: {
            tags: ['playing'],
            on: {
              'player.pause': { target: 'paused', actions: emit({ type: 'player.pauseRequested' }) },
              'player.toggle': { target: 'paused', actions: emit({ type: 'player.pauseRequested' }) },
              'player.stopped': 'paused',
              'player.ended': 'paused',
            },
          },
        },
      },
    },
  });
}

export type ConversationPlayerMachine = ReturnType<typeof createConversationPlayerMachine>;
export type ConversationPlayerActor = ActorRefFrom<ConversationPlayerMachine>;
export type ConversationPlayerSnapshot = SnapshotFrom<ConversationPlayerMachine>;

/**
 * Index of the line being spoken at `seconds`: the last line starting at or before it (lines are
 * in time order), or -1 before the first. Binary search: transcripts may have thousands of lines.
 */
export function lineAt(starts: readonly number[], seconds: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= seconds + 1e-3) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
