import { assign, emit, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { reconnectDelay } from '../api/chatSocket';
import type { LiveSocketHandlers, RecordsChanged } from '../api/liveSocket';

/**
 * THE live channel (issue 30's live lists, docs/live-lists.md; systemId `live`): one socket per
 * tab to the gateway's `/live` namespace, opened when a list first asks for it, closed with the
 * session. Lists hear it through what it emits: `live.changed` for each `records-changed`, and
 * `live.reconnected` when it is subscribed again after a drop (events may have been missed).
 *
 * A backend without live lists is left quietly (`off`, tag `unavailable`): refused (`unauthenticated`,
 * `unverified`, no `/live` namespace), no answer to `live-subscribe`, or three failed attempts before
 * it ever subscribed. Once it has been subscribed, a drop is the network's: it tries again after
 * 5 s, doubling up to 60 s (SPEC §9), for as long as the session lasts.
 */

/** What the socket actor reports (src/api/liveSocket.ts handlers, as events). */
export type LiveSocketReport =
  | { type: 'socket.subscribed' }
  | { type: 'socket.unsupported' }
  | { type: 'socket.changed'; change: RecordsChanged }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.failed'; reason: string };

export type LiveChannelEmitted = { type: 'live.changed'; change: RecordsChanged } | { type: 'live.reconnected' };

interface LiveChannelContext {
  /** Failed attempts since the last subscription (the backoff's step). */
  attempts: number;
  /** Subscribed at least once: later drops are the network's, and a new subscription is a reconnect. */
  subscribedOnce: boolean;
}

/** connect_error messages that mean "not here": trying again would not help. */
const REFUSALS = new Set(['unauthenticated', 'unverified', 'forbidden', 'Invalid namespace']);
/** Attempts a gateway gets to answer before it ever subscribed. */
export const FIRST_ATTEMPTS = 3;

type Opener = (handlers: LiveSocketHandlers) => Promise<{ close(): void }>;

/** The socket as a callback actor: `open` is src/api/liveSocket.ts openLiveSocket with url and token bound. */
export function createLiveSocketActor(open: Opener) {
  return fromCallback<{ type: 'noop' }, void, LiveSocketReport>(({ sendBack }) => {
    let stopped = false;
    let connection: { close(): void } | null = null;
    open({
      subscribed: () => sendBack({ type: 'socket.subscribed' }),
      unsupported: () => sendBack({ type: 'socket.unsupported' }),
      changed: (change) => sendBack({ type: 'socket.changed', change }),
      disconnected: (reason) => sendBack({ type: 'socket.disconnected', reason }),
      failed: (reason) => sendBack({ type: 'socket.failed', reason }),
    }).then(
      (opened) => {
        if (stopped) opened.close();
        else connection = opened;
      },
      () => sendBack({ type: 'socket.failed', reason: 'The live channel could not be loaded.' }),
    );
    return () => {
      stopped = true;
      connection?.close();
    };
  });
}

export const liveChannelMachine = setup({
  types: { context: {} as LiveChannelContext, events: {} as LiveSocketReport, emitted: {} as LiveChannelEmitted },
  // Provided by machines/areas/live.ts (the transport) or a test.
  actors: { socket: fromCallback<{ type: 'noop' }, void, LiveSocketReport>(() => undefined) },
  actions: { resetAttempts: assign({ attempts: 0, subscribedOnce: true }) },
  delays: { backoff: ({ context }) => reconnectDelay(context.attempts) },
  guards: {
    subscribedBefore: ({ context }) => context.subscribedOnce,
    refused: ({ event }) => event.type === 'socket.failed' && REFUSALS.has(event.reason),
    neverAnswered: ({ context }) => !context.subscribedOnce && context.attempts + 1 >= FIRST_ATTEMPTS,
  },
}).createMachine({
  id: 'live',
  context: { attempts: 0, subscribedOnce: false },
  initial: 'open',
  states: {
    open: {
      invoke: { src: 'socket' },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'socket.subscribed': [
              // Subscribed again after a drop: what happened meanwhile was not heard.
              { guard: 'subscribedBefore', target: 'subscribed', actions: ['resetAttempts', emit({ type: 'live.reconnected' })] },
              { target: 'subscribed', actions: 'resetAttempts' },
            ],
          },
        },
        subscribed: {
          tags: ['live'],
          on: { 'socket.changed': { actions: emit(({ event }) => ({ type: 'live.changed' as const, change: event.change })) } },
        },
      },
      on: {
        'socket.unsupported': 'off',
        'socket.failed': [{ guard: 'refused', target: 'off' }, { guard: 'neverAnswered', target: 'off' }, { target: 'waiting' }],
        'socket.disconnected': [{ guard: 'neverAnswered', target: 'off' }, { target: 'waiting' }],
      },
    },
    waiting: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      after: { backoff: 'open' },
    },
    /** Quiet for the rest of the session: lists keep their other ways to refresh. */
    off: { tags: ['unavailable'] },
  },
});

export type LiveChannelActor = ActorRefFrom<typeof liveChannelMachine>;
