import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ChatStreamEvent } from '../api/chatSocket';
import type { LiveStatus, WatchedEvent, WatchedLine, WatchRefusal, WatchSnapshot } from '../api/liveWatch';

/**
 * A supervisor watching a live chat or call read-only (issue 28, docs/live-watch.md):
 *
 *   idle → checking (GET …/live) → live.connecting (a socket of its own, `conversation-watch`)
 *        → live.watching (every event as it comes) → ended (`terminate`)
 *   checking → notLive (not live now: nothing to watch) | unavailable (404/405: a backend without
 *   the extension, or no answer / no socket in time: one quiet note) | refused (the API or the
 *   gateway said why not).
 *
 * The lines are bounded (the newest MAX_LINES); the socket closes with the `live` state.
 */

export const MAX_WATCHED_LINES = 2000;

export type WatchReport =
  | { type: 'watch.answered'; outcome: WatchSnapshot | WatchRefusal }
  | { type: 'watch.event'; event: WatchedEvent }
  | { type: 'watch.lost'; reason: string };

export type LiveWatchEvent = { type: 'liveWatch.start'; conversationId: string } | { type: 'liveWatch.stop' } | WatchReport;

export interface LiveWatchContext {
  conversationId: string | null;
  lines: WatchedLine[];
  /** The reply being typed, as far as it came; null when none is. */
  typing: string | null;
  /** Why the watch was refused (`refused`), in the gateway's words. */
  refusal: Exclude<WatchRefusal, 'unsupported'> | null;
  /** Events already applied (the gateway numbers them): a repeat is dropped. */
  lastSeq: number;
}

/** Whether a failed call says "this backend has no such call" (404/405 on first use). */
const isMissing = (error: unknown) => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 405;
};
const statusOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined);

const bounded = (lines: WatchedLine[]) => (lines.length > MAX_WATCHED_LINES ? lines.slice(lines.length - MAX_WATCHED_LINES) : lines);

/** One watched event applied to what the page shows (pure). */
export function applyWatched(context: Pick<LiveWatchContext, 'lines' | 'typing'>, event: ChatStreamEvent, timestamp: string): Pick<LiveWatchContext, 'lines' | 'typing'> {
  switch (event.type) {
    case 'message': return { lines: bounded([...context.lines, { role: event.role, text: event.msg, timestamp }]), typing: context.typing };
    case 'system': return { lines: bounded([...context.lines, { role: 'system', text: event.text, timestamp }]), typing: context.typing };
    case 'typing-delta-start': return { lines: context.lines, typing: '' };
    case 'typing-delta': return { lines: context.lines, typing: (context.typing ?? '') + event.delta };
    case 'typing-delta-end':
      return context.typing ? { lines: bounded([...context.lines, { role: 'bot', text: context.typing, timestamp }]), typing: null } : { lines: context.lines, typing: null };
    default: return context;
  }
}

export interface LiveWatchDeps {
  status: (conversationId: string, signal: AbortSignal) => Promise<LiveStatus>;
  /** Opens the watch socket; reports what happens; the returned function closes it. */
  watch: (conversationId: string, report: (report: WatchReport) => void) => () => void;
}

export function createLiveWatchMachine(deps: LiveWatchDeps) {
  return setup({
    types: { context: {} as LiveWatchContext, events: {} as LiveWatchEvent },
    actors: {
      status: fromPromise<LiveStatus, string>(({ input, signal }) => deps.status(input, signal)),
      socket: fromCallback<LiveWatchEvent, string, WatchReport>(({ input, sendBack }) => deps.watch(input, sendBack)),
    },
    actions: {
      apply: assign(({ context, event }) => {
        if (event.type !== 'watch.event') return {};
        const { seq, timestamp, event: watched } = event.event;
        if (seq !== null && seq <= context.lastSeq) return {};
        return { ...applyWatched(context, watched, timestamp), lastSeq: seq ?? context.lastSeq };
      }),
    },
    guards: {
      'terminated': ({ event }) => event.type === 'watch.event' && event.event.event.type === 'terminate',
    },
  }).createMachine({
    id: 'liveWatch',
    context: { conversationId: null, lines: [], typing: null, refusal: null, lastSeq: 0 },
    initial: 'idle',
    on: {
      'liveWatch.start': {
        target: '.checking',
        reenter: true,
        actions: assign({ conversationId: ({ event }) => event.conversationId, lines: [], typing: null, refusal: null, lastSeq: 0 }),
      },
      'liveWatch.stop': { target: '.idle', actions: assign({ conversationId: null, lines: [], typing: null, refusal: null, lastSeq: 0 }) },
    },
    states: {
      idle: { tags: ['idle'] },
      checking: {
        tags: ['busy'],
        invoke: {
          src: 'status',
          input: ({ context }) => context.conversationId ?? '',
          onDone: [{ guard: ({ event }) => event.output.live, target: 'live' }, { target: 'notLive' }],
          onError: [
            // A backend without the call (404/405).
            { guard: ({ event }) => isMissing(event.error), target: 'unavailable' },
            { guard: ({ event }) => statusOf(event.error) === 403, target: 'refused', actions: assign({ refusal: 'forbidden' }) },
            // Any other failure (offline, 5xx): the page is as it was; the note says it quietly.
            { target: 'unavailable' },
          ],
        },
      },
      live: {
        invoke: { src: 'socket', input: ({ context }) => context.conversationId ?? '' },
        initial: 'connecting',
        states: {
          connecting: {
            tags: ['busy'],
            on: {
              'watch.answered': [
                {
                  guard: ({ event }) => typeof event.outcome === 'object',
                  target: 'watching',
                  actions: assign(({ event }) => {
                    const snapshot = event.outcome as WatchSnapshot;
                    return { lines: bounded(snapshot.transcript), typing: snapshot.typing, lastSeq: snapshot.lastSeq };
                  }),
                },
                { guard: ({ event }) => event.outcome === 'unsupported', target: '#liveWatch.unavailable' },
                { guard: ({ event }) => event.outcome === 'not-live', target: '#liveWatch.notLive' },
                { target: '#liveWatch.refused', actions: assign({ refusal: ({ event }) => event.outcome as LiveWatchContext['refusal'] }) },
              ],
              // No socket (the handshake refused, the gateway is down): as a backend without it.
              'watch.lost': { target: '#liveWatch.unavailable' },
            },
          },
          watching: {
            tags: ['watching'],
            on: {
              'watch.event': [
                { guard: 'terminated', target: '#liveWatch.ended', actions: 'apply' },
                { actions: 'apply' },
              ],
              'watch.lost': { target: '#liveWatch.lost' },
            },
          },
        },
      },
      ended: { tags: ['ended'] },
      lost: { tags: ['lost'] },
      notLive: { tags: ['idle'] },
      unavailable: { tags: ['unavailable'] },
      refused: { tags: ['refused'] },
    },
  });
}

export type LiveWatchMachine = ReturnType<typeof createLiveWatchMachine>;
export type LiveWatchActor = ActorRefFrom<LiveWatchMachine>;
export type LiveWatchSnapshot = SnapshotFrom<LiveWatchMachine>;
