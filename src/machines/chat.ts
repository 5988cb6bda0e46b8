import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { openChatSocket, reconnectDelay, type ChatConnection, type ClientCommand, type ResumeOutcome, type StreamMessage } from '../api/chatSocket';
import { chatStreamMachine, toStreamActorEvent, type ChatStreamActor, type ChatTarget, type RestoredStream } from './chatStream';

/** SPEC §4: live chat connection status. */
export const ChatConnectionStatus = { disconnected: 0, connecting: 1, connected: 2, error: 3 } as const;
export type ChatConnectionStatusCode = (typeof ChatConnectionStatus)[keyof typeof ChatConnectionStatus];

export interface ChatEntry {
  streamKey: string;
  ref: ChatStreamActor;
}

export interface PendingChat {
  title: string;
  target: ChatTarget;
}

export interface ChatContext {
  /** The id the gateway gave this connection; outbound calls report to it. */
  clientId: string | null;
  chats: ChatEntry[];
  currentKey: string | null;
  /** Closed chats: late events for them must not bring them back. */
  closedKeys: string[];
  /** Chats asked for and not yet answered, oldest first: their labels and targets. */
  pending: PendingChat[];
  /** Consecutive failed connection attempts since the last success. */
  attempt: number;
  error: string | null;
  /** Delay before the next attempt while in `error`. */
  retryDelayMs: number | null;
  /** Chats numbered as they open, for labels when the gateway sends none. */
  opened: number;
  /**
   * The last event number seen per stream (the gateway's resume extension): a replayed event at or
   * below it is a duplicate and dropped; a resume asks for what came after it.
   */
  lastSeq: Record<string, number>;
  /** Stream keys of calls this console placed: their chats show as calls (however early their events come). */
  callKeys: string[];
}

/** The chats a reload brought back from sessionStorage (chatPersistence.ts). */
export interface RestoredChats {
  currentKey: string | null;
  opened: number;
  chats: Array<{ streamKey: string; lastSeq: number; stream: RestoredStream }>;
}

export interface ChatInput {
  restored?: RestoredChats | null;
}

export type SocketReport =
  | { type: 'socket.connected' }
  | { type: 'socket.clientId'; clientId: string }
  | { type: 'socket.message'; message: StreamMessage; receivedAt: number }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.failed'; reason: string }
  | { type: 'socket.resumed'; streamKey: string; outcome: ResumeOutcome };

/** What the socket actor takes: a command to send to the gateway, or a stream to resume. */
export type SocketCommand =
  | { type: 'socket.send'; command: ClientCommand }
  | { type: 'socket.resume'; streamKey: string; afterSeq: number };

const send = (command: ClientCommand): SocketCommand => ({ type: 'socket.send', command });

export type ChatEvent =
  | { type: 'chat.connect' }
  | { type: 'chat.disconnect' }
  | { type: 'chat.reset' }
  | { type: 'chat.open'; title: string; target: ChatTarget }
  | { type: 'chat.select'; streamKey: string }
  | { type: 'chat.next' }
  | { type: 'chat.previous' }
  | { type: 'chat.send'; streamKey: string; text: string }
  | { type: 'chat.end'; streamKey: string }
  | { type: 'chat.close'; streamKey: string }
  /** A call request named its stream: that chat is a call. */
  | { type: 'chat.markCall'; streamKey: string }
  | SocketReport;

export interface ChatSocketDeps {
  /** Gateway origin; '' = the portal's own. */
  url: string;
  /** Read at every attempt: a new sign-in brings a new chat session token. */
  token: () => string | null;
  /** How long a resume may go unanswered before the gateway counts as one without the extension. */
  resumeTimeoutMs?: number;
}

/** The socket as an actor: reports what happens, takes commands to send. Stopping it closes the socket. */
export function createChatSocketActor(deps: ChatSocketDeps) {
  return fromCallback<SocketCommand, void, SocketReport>(({ sendBack, receive }) => {
    let connection: ChatConnection | null = null;
    let stopped = false;
    openChatSocket(deps.url, deps.token(), {
      connected: () => sendBack({ type: 'socket.connected' }),
      clientId: (clientId) => sendBack({ type: 'socket.clientId', clientId }),
      message: (message, receivedAt) => sendBack({ type: 'socket.message', message, receivedAt }),
      disconnected: (reason) => sendBack({ type: 'socket.disconnected', reason }),
      failed: (reason) => sendBack({ type: 'socket.failed', reason }),
    }).then(
      (opened) => {
        if (stopped) opened.close();
        else connection = opened;
      },
      () => sendBack({ type: 'socket.failed', reason: 'The chat client could not be loaded.' }),
    );
    receive((command) => {
      if (command.type === 'socket.send') return connection?.send(command.command);
      void connection?.resume(command.streamKey, command.afterSeq, deps.resumeTimeoutMs).then((outcome) => {
        if (outcome && !stopped) sendBack({ type: 'socket.resumed', streamKey: command.streamKey, outcome });
      });
    });
    return () => {
      stopped = true;
      connection?.close();
    };
  });
}

/** The gateway's connect_error reasons in words an operator understands. */
export function connectionErrorText(reason: string): string {
  switch (reason) {
    case 'unauthenticated': return 'The chat gateway did not accept your session. Sign in again if this persists.';
    case 'forbidden': return 'Your role does not allow live chat.';
    case 'unverified': return 'Verify your email address to use live chat.';
    case 'io server disconnect': return 'The chat gateway closed the connection.';
    case 'transport close':
    case 'transport error':
    case 'ping timeout': return 'The connection to the chat gateway was lost.';
    default: return `The chat gateway could not be reached (${reason}).`;
  }
}

type Ctx = ChatContext;
const chatOf = (context: Ctx, streamKey: string | null) => context.chats.find((c) => c.streamKey === streamKey);
const isOpen = (context: Ctx, streamKey: string) => !!chatOf(context, streamKey);

/** Two chats with the same bot get "Demo bot", "Demo bot (2)": the list must tell them apart. */
function uniqueTitle(context: Ctx, title: string): string {
  const taken = new Set(context.chats.map((c) => c.ref.getSnapshot().context.title));
  if (!taken.has(title)) return title;
  let n = 2;
  while (taken.has(`${title} (${n})`)) n += 1;
  return `${title} (${n})`;
}

/** The chat `step` places away from the current one (wrapping), for Alt+Up / Alt+Down. */
function neighbour(context: Ctx, step: 1 | -1): string | null {
  if (context.chats.length === 0) return null;
  const index = context.chats.findIndex((c) => c.streamKey === context.currentKey);
  const next = index < 0 ? 0 : (index + step + context.chats.length) % context.chats.length;
  return context.chats[next]?.streamKey ?? null;
}

/**
 * The chat gateway connection: disconnected 0 → connecting 1 → connected 2, error 3 while
 * waiting to retry (5 s, doubling to 60 s). It spawns one chat-stream actor per stream key and
 * routes the gateway's events to it; the first event of a new key makes that chat current.
 * A drop marks replies in flight as interrupted; transcripts stay in the stream actors.
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    socket: fromCallback<SocketCommand, void, SocketReport>(() => {
      throw new Error('chat: no `socket` actor provided');
    }),
    stream: chatStreamMachine,
  },
  delays: {
    retryDelay: ({ context }) => context.retryDelayMs ?? reconnectDelay(context.attempt),
  },
  guards: {
    'message has text': ({ context, event }) => event.type === 'chat.send' && event.text.trim() !== '' && isOpen(context, event.streamKey),
    'chat is open': ({ context, event }) => 'streamKey' in event && isOpen(context, event.streamKey),
  },
  actions: {
    recordFailure: assign(({ context, event }) => {
      const attempt = context.attempt + 1;
      const reason = event.type === 'socket.failed' || event.type === 'socket.disconnected' ? event.reason : 'unknown';
      return { attempt, error: connectionErrorText(reason), retryDelayMs: reconnectDelay(attempt), clientId: null };
    }),
    markConnected: assign({ attempt: 0, error: null, retryDelayMs: null }),
    // A connection (first, or again after a drop or a reload) asks for every live chat's missed events.
    resumeChats: enqueueActions(({ context, enqueue }) => {
      for (const chat of context.chats) {
        if (chat.ref.getSnapshot().matches('ended')) continue;
        enqueue.sendTo('socket', { type: 'socket.resume', streamKey: chat.streamKey, afterSeq: context.lastSeq[chat.streamKey] ?? 0 });
      }
    }),
    settleResume: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.resumed') return;
      const chat = chatOf(context, event.streamKey);
      if (!chat) return;
      const timestamp = new Date().toISOString();
      if (event.outcome === 'resumed') enqueue.sendTo(chat.ref, { type: 'stream.resumed' });
      else if (event.outcome === 'unsupported') enqueue.sendTo(chat.ref, { type: 'stream.unresumable', timestamp });
      else {
        enqueue.sendTo(chat.ref, { type: 'stream.gone', timestamp });
        // The gateway numbers a stream it re-opens from 1 again.
        const { [event.streamKey]: _forgotten, ...lastSeq } = context.lastSeq;
        enqueue.assign({ lastSeq });
      }
    }),
    routeMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.message') return;
      const { message, receivedAt } = event;
      if (context.closedKeys.includes(message.streamKey)) return;
      if (message.seq !== undefined) {
        // Replayed after a resume, or sent twice: each numbered event counts once.
        if (message.seq <= (context.lastSeq[message.streamKey] ?? 0)) return;
        enqueue.assign({ lastSeq: { ...context.lastSeq, [message.streamKey]: message.seq } });
      }
      if (!isOpen(context, message.streamKey)) {
        // The first event of a new stream key: a new chat, and it becomes current.
        const [pending, ...rest] = context.pending;
        const number = context.opened + 1;
        const title = uniqueTitle(context, message.title ?? pending?.title ?? `Chat ${number}`);
        for (const chat of context.chats) enqueue.sendTo(chat.ref, { type: 'stream.blur' });
        enqueue.assign(({ spawn }) => ({
          chats: [
            ...context.chats,
            {
              streamKey: message.streamKey,
              ref: spawn('stream', {
                id: `chat:${message.streamKey}`,
                systemId: `chat:${message.streamKey}`,
                input: { streamKey: message.streamKey, title, target: pending?.target ?? {}, focused: true, kind: context.callKeys.includes(message.streamKey) ? 'call' : 'chat' },
              }),
            },
          ],
          currentKey: message.streamKey,
          pending: rest,
          opened: number,
        }));
      }
      enqueue.sendTo(
        ({ context: next }) => chatOf(next, message.streamKey)!.ref,
        toStreamActorEvent(message.event, message.timestamp, receivedAt),
      );
    }),
    selectChat: enqueueActions(({ context, event, enqueue }) => {
      let key: string | null = null;
      if (event.type === 'chat.select') key = event.streamKey;
      if (event.type === 'chat.next') key = neighbour(context, 1);
      if (event.type === 'chat.previous') key = neighbour(context, -1);
      if (key === null || key === context.currentKey || !isOpen(context, key)) return;
      for (const chat of context.chats) enqueue.sendTo(chat.ref, { type: chat.streamKey === key ? 'stream.focus' : 'stream.blur' });
      enqueue.assign({ currentKey: key });
    }),
    closeChat: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'chat.close') return;
      const chat = chatOf(context, event.streamKey);
      if (!chat) return;
      const index = context.chats.indexOf(chat);
      const chats = context.chats.filter((c) => c !== chat);
      let currentKey = context.currentKey;
      if (currentKey === chat.streamKey) {
        currentKey = (chats[index] ?? chats[index - 1])?.streamKey ?? null;
        const next = chatOf({ ...context, chats }, currentKey);
        if (next) enqueue.sendTo(next.ref, { type: 'stream.focus' });
      }
      enqueue.stopChild(chat.ref);
      const { [chat.streamKey]: _closed, ...lastSeq } = context.lastSeq;
      enqueue.assign({ chats, currentKey, closedKeys: [...context.closedKeys, chat.streamKey], lastSeq });
    }),
    stopAllChats: enqueueActions(({ context, enqueue }) => {
      for (const chat of context.chats) enqueue.stopChild(chat.ref);
      enqueue.assign({ chats: [], currentKey: null, closedKeys: [], pending: [], clientId: null, attempt: 0, error: null, retryDelayMs: null, opened: 0, lastSeq: {}, callKeys: [] });
    }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input, spawn }) => {
    const restored = input?.restored;
    const chats: ChatEntry[] = (restored?.chats ?? []).map(({ streamKey, stream }) => ({
      streamKey,
      ref: spawn('stream', {
        id: `chat:${streamKey}`,
        systemId: `chat:${streamKey}`,
        input: { streamKey, title: stream.title, target: stream.target, focused: streamKey === restored?.currentKey, restored: stream },
      }),
    }));
    return {
      clientId: null,
      chats,
      currentKey: chats.some((c) => c.streamKey === restored?.currentKey) ? restored!.currentKey : (chats[0]?.streamKey ?? null),
      closedKeys: [],
      pending: [],
      attempt: 0,
      error: null,
      retryDelayMs: null,
      opened: restored?.opened ?? 0,
      lastSeq: Object.fromEntries((restored?.chats ?? []).map((c) => [c.streamKey, c.lastSeq])),
      callKeys: [],
    };
  },
  initial: 'disconnected',
  on: {
    'chat.select': { actions: 'selectChat' },
    'chat.next': { actions: 'selectChat' },
    'chat.previous': { actions: 'selectChat' },
    'chat.close': { guard: 'chat is open', actions: 'closeChat' },
    'chat.markCall': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const chat = chatOf(context, event.streamKey);
        if (chat) enqueue.sendTo(chat.ref, { type: 'stream.markCall' });
        enqueue.assign({ callKeys: [...context.callKeys.filter((key) => key !== event.streamKey), event.streamKey].slice(-50) });
      }),
    },
    'chat.disconnect': { target: '.disconnected' },
    'chat.reset': { target: '.disconnected', actions: 'stopAllChats' },
  },
  states: {
    disconnected: {
      on: { 'chat.connect': { target: 'online' } },
    },
    online: {
      initial: 'connecting',
      invoke: { id: 'socket', src: 'socket' },
      on: {
        'socket.clientId': { actions: assign({ clientId: ({ event }) => event.clientId }) },
        'socket.message': { actions: 'routeMessage' },
        'socket.resumed': { actions: 'settleResume' },
        // Replies in flight are not given up here: the resume after the next connection brings the
        // rest, or marks them interrupted when the gateway cannot.
        'socket.disconnected': { target: 'error', actions: 'recordFailure' },
        'socket.failed': { target: 'error', actions: 'recordFailure' },
        'chat.disconnect': { target: 'disconnected' },
      },
      states: {
        connecting: {
          on: { 'socket.connected': { target: 'connected', actions: ['markConnected', 'resumeChats'] } },
        },
        connected: {
          on: {
            'chat.open': {
              actions: [
                assign({ pending: ({ context, event }) => [...context.pending, { title: event.title, target: event.target }] }),
                enqueueActions(({ event, enqueue }) => {
                  enqueue.sendTo('socket', send({ event: 'chat-new-request', payload: event.target }));
                }),
              ],
            },
            'chat.send': {
              guard: 'message has text',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const chat = chatOf(context, event.streamKey)!;
                if (chat.ref.getSnapshot().matches('ended')) return;
                enqueue.sendTo(chat.ref, { type: 'stream.userMessage', text: event.text, timestamp: new Date().toISOString() });
                enqueue.sendTo(
                  'socket',
                  send({ event: 'chat-send-message', payload: { streamKey: event.streamKey, message: event.text, options: { ...chat.ref.getSnapshot().context.target } } }),
                );
              }),
            },
            'chat.end': {
              guard: 'chat is open',
              actions: enqueueActions(({ event, enqueue }) => {
                enqueue.sendTo('socket', send({ event: 'chat-end-request', payload: { streamKey: event.streamKey } }));
              }),
            },
            'socket.message': {
              actions: [
                'routeMessage',
                // Tell the gateway a completed reply reached us.
                enqueueActions(({ event, enqueue }) => {
                  if (event.message.event.type === 'typing-delta-end') {
                    enqueue.sendTo('socket', send({ event: 'chat-text-end', payload: { streamKey: event.message.streamKey } }));
                  }
                }),
              ],
            },
            'chat.close': {
              guard: 'chat is open',
              actions: [
                // Closing a live chat ends it on the gateway too, so no bot keeps talking to nobody.
                enqueueActions(({ context, event, enqueue }) => {
                  const chat = chatOf(context, event.streamKey)!;
                  if (!chat.ref.getSnapshot().matches('ended')) {
                    enqueue.sendTo('socket', send({ event: 'chat-end-request', payload: { streamKey: event.streamKey } }));
                  }
                }),
                'closeChat',
              ],
            },
          },
        },
      },
    },
    error: {
      after: { retryDelay: { target: 'online' } },
      on: { 'chat.connect': { target: 'online' } },
    },
  },
});

export type ChatActor = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** The gateway connection's state by name, as views read it. */
export type ChatConnectionState = keyof typeof ChatConnectionStatus;

export function connectionState(snapshot: Pick<ChatSnapshot, 'matches'>): ChatConnectionState {
  if (snapshot.matches({ online: 'connected' })) return 'connected';
  if (snapshot.matches('online')) return 'connecting';
  if (snapshot.matches('error')) return 'error';
  return 'disconnected';
}

/** SPEC's code of the connection's state (for SPEC and tests; views read `connectionState`). */
export function connectionStatus(snapshot: Pick<ChatSnapshot, 'matches'>): ChatConnectionStatusCode {
  return ChatConnectionStatus[connectionState(snapshot)];
}
