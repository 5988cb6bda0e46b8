import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ListedChat } from '../api/chatSessions';
import { openChatSocket, reconnectDelay, type ChatConnection, type ClientCommand, type ResumeOutcome, type StreamMessage } from '../api/chatSocket';
import { newClientId, toRestoredStream } from './chatSessionSync';
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
  /**
   * Sent with the request once the gateway has shown the sessions extension (which names the new
   * chat's first event with it); null when sent to a gateway not (yet) known to have it.
   */
  requestId: string | null;
}

/**
 * Whether the gateway keeps the user's chats (the sessions extension): `unknown` until the first
 * connection asks, `supported` (every tab lists and follows the same chats), or `unsupported`
 * (SPEC §7 only: this tab's chats live in this tab, kept across a reload in sessionStorage).
 */
export type SessionsSupport = 'unknown' | 'supported' | 'unsupported';

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
  sessions: SessionsSupport;
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
  | { type: 'socket.resumed'; streamKey: string; outcome: ResumeOutcome }
  | { type: 'socket.sessions'; chats: ListedChat[] }
  | { type: 'socket.sessionsUnsupported' }
  | { type: 'socket.closed'; streamKey: string };

/** What the socket actor takes: a command to send to the gateway, or a stream to resume. */
export type SocketCommand =
  | { type: 'socket.send'; command: ClientCommand }
  | { type: 'socket.resume'; streamKey: string; afterSeq: number }
  | { type: 'socket.listSessions' };

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
      closed: (streamKey) => sendBack({ type: 'socket.closed', streamKey }),
    }).then(
      (opened) => {
        if (stopped) opened.close();
        else connection = opened;
      },
      () => sendBack({ type: 'socket.failed', reason: 'The chat client could not be loaded.' }),
    );
    receive((command) => {
      if (command.type === 'socket.send') return connection?.send(command.command);
      if (command.type === 'socket.listSessions') {
        connection?.sessions((outcome) => {
          if (!outcome || stopped) return;
          sendBack(outcome === 'unsupported' ? { type: 'socket.sessionsUnsupported' } : { type: 'socket.sessions', chats: outcome.chats });
        }, deps.resumeTimeoutMs);
        return;
      }
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

/** Every live chat's request for the events it missed (a connection without the sessions extension). */
function resumeCommands(context: Ctx): SocketCommand[] {
  return context.chats
    .filter((chat) => !chat.ref.getSnapshot().matches('ended'))
    .map((chat) => ({ type: 'socket.resume', streamKey: chat.streamKey, afterSeq: context.lastSeq[chat.streamKey] ?? 0 }));
}

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
      for (const command of resumeCommands(context)) enqueue.sendTo('socket', command);
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
        // The first event of a new stream key: a new chat, and it becomes current (SPEC §4). With
        // the sessions extension a chat another tab opened joins the list without taking focus.
        const pending =
          message.requestId !== undefined
            ? context.pending.find((p) => p.requestId === message.requestId)
            : context.pending.find((p) => p.requestId === null);
        const rest = context.pending.filter((p) => p !== pending);
        // Another tab's chat carries that tab's requestId; a call this tab placed carries none.
        const othersChat = message.requestId !== undefined && pending === undefined;
        const focus = !othersChat || context.currentKey === null;
        const number = context.opened + 1;
        const title = uniqueTitle(context, message.title ?? pending?.title ?? `Chat ${number}`);
        if (focus) for (const chat of context.chats) enqueue.sendTo(chat.ref, { type: 'stream.blur' });
        enqueue.assign(({ spawn }) => ({
          chats: [
            ...context.chats,
            {
              streamKey: message.streamKey,
              ref: spawn('stream', {
                id: `chat:${message.streamKey}`,
                systemId: `chat:${message.streamKey}`,
                input: { streamKey: message.streamKey, title, target: pending?.target ?? {}, focused: focus, kind: context.callKeys.includes(message.streamKey) ? 'call' : 'chat' },
              }),
            },
          ],
          currentKey: focus ? message.streamKey : context.currentKey,
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
      if (event.type !== 'chat.close' && event.type !== 'socket.closed') return;
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
      enqueue.assign({ chats: [], currentKey: null, closedKeys: [], pending: [], clientId: null, attempt: 0, error: null, retryDelayMs: null, opened: 0, lastSeq: {}, callKeys: [], sessions: 'unknown' });
    }),
    // A gateway that does not keep chats answers no list: ask once, then resume as SPEC §7 allows.
    askForSessions: enqueueActions(({ context, enqueue }) => {
      const commands: SocketCommand[] = context.sessions === 'unsupported' ? resumeCommands(context) : [{ type: 'socket.listSessions' }];
      for (const command of commands) enqueue.sendTo('socket', command);
    }),
    /**
     * The gateway's list of the user's open chats is the truth: each listed chat is synced (or
     * joins), a chat of this tab it does not list was closed elsewhere or is gone, and every later
     * event arrives on the socket (numbered after `lastSeq`).
     */
    syncSessions: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.sessions') return;
      const listed = new Map(event.chats.map((chat) => [chat.streamKey, chat]));
      const kept = context.chats.filter((chat) => listed.has(chat.streamKey) || chat.ref.getSnapshot().context.kind === 'call');
      for (const chat of context.chats) if (!kept.includes(chat)) enqueue.stopChild(chat.ref);
      for (const chat of kept) {
        const listing = listed.get(chat.streamKey);
        if (listing) enqueue.sendTo(chat.ref, { type: 'stream.synced', stream: toRestoredStream(listing) });
      }
      const currentKey = kept.some((chat) => chat.streamKey === context.currentKey) ? context.currentKey : (kept[0]?.streamKey ?? event.chats[0]?.streamKey ?? null);
      const lastSeq = { ...context.lastSeq };
      for (const chat of event.chats) lastSeq[chat.streamKey] = chat.lastSeq;
      const known = new Set(kept.map((chat) => chat.streamKey));
      enqueue.assign(({ spawn }) => ({
        sessions: 'supported' as const,
        chats: [
          ...kept,
          ...event.chats
            .filter((chat) => !known.has(chat.streamKey) && !context.closedKeys.includes(chat.streamKey))
            .map((chat) => ({
              streamKey: chat.streamKey,
              ref: spawn('stream', {
                id: `chat:${chat.streamKey}`,
                systemId: `chat:${chat.streamKey}`,
                input: { streamKey: chat.streamKey, title: chat.title, target: chat.target, focused: chat.streamKey === currentKey, restored: toRestoredStream(chat) },
              }),
            })),
        ],
        currentKey,
        lastSeq,
        opened: Math.max(context.opened, event.chats.length),
      }));
      if (currentKey !== null && known.has(currentKey)) {
        const chat = chatOf(context, currentKey);
        if (chat) enqueue.sendTo(chat.ref, { type: 'stream.focus' });
      }
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
      sessions: 'unknown',
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
        'socket.sessions': { actions: 'syncSessions' },
        'socket.sessionsUnsupported': { actions: [assign({ sessions: 'unsupported' as const }), 'resumeChats'] },
        'socket.closed': { guard: 'chat is open', actions: 'closeChat' },
        // Replies in flight are not given up here: the resume after the next connection brings the
        // rest, or marks them interrupted when the gateway cannot.
        'socket.disconnected': { target: 'error', actions: 'recordFailure' },
        'socket.failed': { target: 'error', actions: 'recordFailure' },
        'chat.disconnect': { target: 'disconnected' },
      },
      states: {
        connecting: {
          on: { 'socket.connected': { target: 'connected', actions: ['markConnected', 'askForSessions'] } },
        },
        connected: {
          on: {
            'chat.open': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                // Extension fields go only to a gateway that has shown it keeps chats: SPEC §7's payloads stay as they are.
                const requestId = context.sessions === 'supported' ? newClientId() : null;
                enqueue.assign({ pending: [...context.pending, { title: event.title, target: event.target, requestId }].slice(-20) });
                enqueue.sendTo('socket', send({ event: 'chat-new-request', payload: requestId ? { ...event.target, requestId } : event.target }));
              }),
            },
            'chat.send': {
              guard: 'message has text',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const chat = chatOf(context, event.streamKey)!;
                if (chat.ref.getSnapshot().matches('ended')) return;
                // The gateway echoes the message to the user's other tabs with this id; this tab skips its own.
                const messageId = context.sessions === 'supported' ? newClientId() : undefined;
                const options = { ...chat.ref.getSnapshot().context.target, ...(messageId ? { messageId } : {}) };
                enqueue.sendTo(chat.ref, { type: 'stream.userMessage', text: event.text, timestamp: new Date().toISOString(), ...(messageId ? { messageId } : {}) });
                enqueue.sendTo('socket', send({ event: 'chat-send-message', payload: { streamKey: event.streamKey, message: event.text, options } }));
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
                // Closing a live chat ends it on the gateway too, so no bot keeps talking to nobody; a
                // gateway that keeps the chats takes it off the user's list in every tab as well.
                enqueueActions(({ context, event, enqueue }) => {
                  const chat = chatOf(context, event.streamKey)!;
                  if (context.sessions === 'supported' && chat.ref.getSnapshot().context.kind === 'chat') {
                    enqueue.sendTo('socket', send({ event: 'chat-close', payload: { streamKey: event.streamKey } }));
                  } else if (!chat.ref.getSnapshot().matches('ended')) {
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
