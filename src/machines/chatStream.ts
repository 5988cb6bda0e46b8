import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ChatStreamEvent } from '../api/chatSocket';

/** What a chat was opened with; sent again with every message so a restarted gateway can re-open it. */
export interface ChatTarget {
  /** The account the bot or instance belongs to (shown in the chat list; the gateway ignores it). */
  accountId?: string;
  botId?: string;
  instanceId?: string;
}

type EntryDraft =
  /** `messageId`: the id this console gave a message it sent (its echo from the gateway is skipped); `ttfbMs`: a reply's time to first byte. */
  | { kind: 'message'; role: 'user' | 'bot'; msg: string; timestamp: string; interrupted?: boolean; messageId?: string; ttfbMs?: number }
  | { kind: 'system'; text: string; timestamp: string };

export type TranscriptEntry = EntryDraft & { id: number };

export interface ChatStreamContext {
  streamKey: string;
  title: string;
  target: ChatTarget;
  /** Settled messages and system events, in arrival order. */
  transcript: TranscriptEntry[];
  /** The bot's reply being typed (typing-delta-start … typing-delta-end). */
  typing: string;
  typingStartedAt: string | null;
  unread: number;
  focused: boolean;
  /** Arrival time of the pending `ttfb-start`, if any. */
  ttfbStartedAt: number | null;
  ttfbCount: number;
  ttfbTotalMs: number;
  lastTtfbMs: number | null;
  averageTtfbMs: number | null;
  /** The operator's unsent text for this chat: switching chats keeps it. */
  draft: string;
  nextId: number;
  /** Brought back from sessionStorage after a reload, and not yet resumed on the gateway. */
  restored: boolean;
  /** Ended because the page reloaded and the gateway could not resume it ("ended (reloaded)"). */
  endedByReload: boolean;
  /** Saved as ended before a reload: it starts ended. */
  savedEnded: boolean;
  /** When something last happened in this chat (the inbox sorts by it); not moved by each delta. */
  lastActivityAt: string | null;
  /** A placed outbound call reports on a stream too: the console shows it as a call. */
  kind: 'chat' | 'call';
}

/** What a chat is saved as across a reload (chatPersistence.ts); the stream actor starts from it. */
export interface RestoredStream {
  title: string;
  target: ChatTarget;
  transcript: TranscriptEntry[];
  /** The reply being typed when the page went, or null. */
  typing: string | null;
  typingStartedAt: string | null;
  ended: boolean;
  endedByReload: boolean;
  unread: number;
  draft: string;
  ttfbCount: number;
  ttfbTotalMs: number;
  lastTtfbMs: number | null;
  lastActivityAt?: string | null;
  kind?: 'chat' | 'call';
}

export interface ChatStreamInput {
  streamKey: string;
  title: string;
  target: ChatTarget;
  focused: boolean;
  restored?: RestoredStream;
  kind?: 'chat' | 'call';
}

/** The stream actor's events: one per gateway event type (mapped by `toStreamActorEvent`), plus the console's own. */
export type ChatStreamEvents =
  | { type: 'stream.message'; role: 'user' | 'bot'; msg: string; timestamp: string; messageId?: string }
  | { type: 'stream.system'; text: string; timestamp: string }
  | { type: 'stream.typingStart'; timestamp: string }
  | { type: 'stream.typingDelta'; delta: string; timestamp: string }
  | { type: 'stream.typingEnd'; timestamp: string }
  | { type: 'stream.terminate'; timestamp: string }
  | { type: 'stream.ttfbStart'; receivedAt: number }
  | { type: 'stream.ttfbReceived'; receivedAt: number }
  | { type: 'stream.userMessage'; text: string; timestamp: string; messageId?: string }
  /** The gateway's stored state of this chat (sessions extension): it replaces what this tab had, draft and focus kept. */
  | { type: 'stream.synced'; stream: RestoredStream }
  | { type: 'stream.interrupted'; timestamp: string }
  /** The gateway resumed the stream: the missed events came before this. */
  | { type: 'stream.resumed' }
  /** The gateway no longer has the stream (expired, restarted): the reply in flight is lost; the next message re-opens it. */
  | { type: 'stream.gone'; timestamp: string }
  /** The gateway did not answer the resume (no extension): a reloaded chat ends, read-only. */
  | { type: 'stream.unresumable'; timestamp: string }
  | { type: 'stream.focus' }
  | { type: 'stream.blur' }
  | { type: 'stream.draft'; text: string }
  /** The console learnt this stream is a placed call (the call request named its stream key). */
  | { type: 'stream.markCall' };

/** A gateway event as this actor's event; `receivedAt` (ms) is when it arrived. */
export function toStreamActorEvent(event: ChatStreamEvent, timestamp: string, receivedAt: number): ChatStreamEvents {
  switch (event.type) {
    case 'message': return { type: 'stream.message', role: event.role, msg: event.msg, timestamp, ...(event.messageId ? { messageId: event.messageId } : {}) };
    case 'system': return { type: 'stream.system', text: event.text, timestamp };
    case 'typing-delta-start': return { type: 'stream.typingStart', timestamp };
    case 'typing-delta': return { type: 'stream.typingDelta', delta: event.delta, timestamp };
    case 'typing-delta-end': return { type: 'stream.typingEnd', timestamp };
    case 'terminate': return { type: 'stream.terminate', timestamp };
    case 'ttfb-start': return { type: 'stream.ttfbStart', receivedAt };
    case 'ttfb-received': return { type: 'stream.ttfbReceived', receivedAt };
  }
}

type Ctx = ChatStreamContext;
const entryId = (context: Ctx) => context.nextId;

function withEntry(context: Ctx, entry: EntryDraft): Partial<Ctx> {
  return { transcript: [...context.transcript, { ...entry, id: entryId(context) }], nextId: context.nextId + 1, lastActivityAt: entry.timestamp };
}

/** A reply cut off by a lost connection: what came settles as interrupted, or a note says none came. */
function interruptReply(context: Ctx, timestamp: string): Partial<Ctx> {
  if (context.typingStartedAt !== null) return { ...settleTyping(context, timestamp, true), ttfbStartedAt: null };
  if (context.ttfbStartedAt === null) return {};
  return { ...withEntry(context, { kind: 'system', text: 'A reply was cut off by the connection loss before any text arrived.', timestamp }), ttfbStartedAt: null };
}

const GONE_NOTE = 'The gateway no longer had this chat (it expired or restarted); your next message continues it there.';
const RELOADED_NOTE = 'The page was reloaded and this gateway cannot resume chats: this one has ended. Its transcript is kept here.';

/** The gateway's stored chat replaces this tab's copy; what only this tab knows (draft, focus, unread, title) stays. */
function synced(context: Ctx, stream: RestoredStream): Partial<Ctx> {
  const typing = !stream.ended && stream.typing !== null;
  return {
    transcript: stream.transcript,
    nextId: Math.max(0, ...stream.transcript.map((entry) => entry.id)) + 1,
    typing: typing ? (stream.typing ?? '') : '',
    typingStartedAt: typing ? (stream.typingStartedAt ?? stream.transcript.at(-1)?.timestamp ?? new Date().toISOString()) : null,
    ttfbStartedAt: null,
    ttfbCount: stream.ttfbCount,
    ttfbTotalMs: stream.ttfbTotalMs,
    lastTtfbMs: stream.lastTtfbMs,
    averageTtfbMs: stream.ttfbCount > 0 ? stream.ttfbTotalMs / stream.ttfbCount : null,
    restored: false,
    endedByReload: false,
    savedEnded: stream.ended,
    lastActivityAt: stream.lastActivityAt ?? stream.transcript.at(-1)?.timestamp ?? context.lastActivityAt,
  };
}

/** The typed reply becomes a settled bot message (typing-delta-end completes it, SPEC §4). */
function settleTyping(context: Ctx, timestamp: string, interrupted = false): Partial<Ctx> {
  const settled = withEntry(context, { kind: 'message', role: 'bot', msg: context.typing, timestamp: context.typingStartedAt ?? timestamp, ...(interrupted ? { interrupted } : {}) });
  return { ...settled, typing: '', typingStartedAt: null, unread: context.focused ? 0 : context.unread + 1 };
}

/**
 * One live chat (stream key): its transcript, the bot's typing text, the end of the chat and
 * time-to-first-byte figures. Spawned by the chat connection actor, which routes the gateway's
 * events here; it never touches the network itself.
 */
export const chatStreamMachine = setup({
  types: {
    context: {} as ChatStreamContext,
    events: {} as ChatStreamEvents,
    input: {} as ChatStreamInput,
  },
  guards: {
    'was saved ended': ({ context }) => context.savedEnded,
    'was typing': ({ context }) => context.typingStartedAt !== null,
    'was restored': ({ context }) => context.restored,
    'is an echo of a message sent here': ({ context, event }) =>
      event.type === 'stream.message' && event.messageId !== undefined && context.transcript.some((entry) => entry.kind === 'message' && entry.messageId === event.messageId),
    'synced as ended': ({ event }) => event.type === 'stream.synced' && event.stream.ended,
    'synced while typing': ({ event }) => event.type === 'stream.synced' && event.stream.typing !== null,
  },
  actions: {
    addMessage: assign(({ context, event }) => {
      if (event.type !== 'stream.message') return {};
      return { ...withEntry(context, { kind: 'message', role: event.role, msg: event.msg, timestamp: event.timestamp }), unread: context.focused ? 0 : context.unread + 1 };
    }),
    addSystem: assign(({ context, event }) => (event.type === 'stream.system' ? withEntry(context, { kind: 'system', text: event.text, timestamp: event.timestamp }) : {})),
    addUserMessage: assign(({ context, event }) =>
      event.type === 'stream.userMessage'
        ? { ...withEntry(context, { kind: 'message', role: 'user', msg: event.text, timestamp: event.timestamp, ...(event.messageId ? { messageId: event.messageId } : {}) }), draft: '' }
        : {},
    ),
    applySync: assign(({ context, event }) => (event.type === 'stream.synced' ? synced(context, event.stream) : {})),
    startTyping: assign(({ event }) => ({ typing: '', typingStartedAt: 'timestamp' in event ? event.timestamp : null, ...('timestamp' in event ? { lastActivityAt: event.timestamp } : {}) })),
    appendDelta: assign({ typing: ({ context, event }) => (event.type === 'stream.typingDelta' ? context.typing + event.delta : context.typing) }),
    settleTyping: assign(({ context, event }) => settleTyping(context, 'timestamp' in event ? event.timestamp : new Date().toISOString())),
    interruptReply: assign(({ context, event }) => ({ ...interruptReply(context, 'timestamp' in event ? event.timestamp : new Date().toISOString()), restored: false })),
    noteGone: assign(({ context, event }) => withEntry(context, { kind: 'system', text: GONE_NOTE, timestamp: 'timestamp' in event ? event.timestamp : new Date().toISOString() })),
    endByReload: assign(({ context, event }) => ({
      ...withEntry(context, { kind: 'system', text: RELOADED_NOTE, timestamp: 'timestamp' in event ? event.timestamp : new Date().toISOString() }),
      endedByReload: true,
    })),
    markResumed: assign({ restored: false }),
    startTtfb: assign({ ttfbStartedAt: ({ event }) => (event.type === 'stream.ttfbStart' ? event.receivedAt : null) }),
    receiveTtfb: assign(({ context, event }) => {
      if (event.type !== 'stream.ttfbReceived' || context.ttfbStartedAt === null) return {};
      const sample = Math.max(0, event.receivedAt - context.ttfbStartedAt);
      const ttfbCount = context.ttfbCount + 1;
      const ttfbTotalMs = context.ttfbTotalMs + sample;
      return { ttfbStartedAt: null, ttfbCount, ttfbTotalMs, lastTtfbMs: sample, averageTtfbMs: ttfbTotalMs / ttfbCount };
    }),
    focus: assign({ focused: true, unread: 0 }),
    blur: assign({ focused: false }),
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'stream.draft' ? event.text : context.draft) }),
  },
}).createMachine({
  id: 'chatStream',
  context: ({ input }) => {
    const saved = input.restored;
    return {
      streamKey: input.streamKey,
      title: saved?.title ?? input.title,
      target: saved?.target ?? input.target,
      transcript: saved?.transcript ?? [],
      typing: saved?.typing ?? '',
      typingStartedAt: saved?.typing != null ? (saved.typingStartedAt ?? new Date().toISOString()) : null,
      unread: saved?.unread ?? 0,
      focused: input.focused,
      ttfbStartedAt: null,
      ttfbCount: saved?.ttfbCount ?? 0,
      ttfbTotalMs: saved?.ttfbTotalMs ?? 0,
      lastTtfbMs: saved?.lastTtfbMs ?? null,
      averageTtfbMs: saved && saved.ttfbCount > 0 ? saved.ttfbTotalMs / saved.ttfbCount : null,
      draft: saved?.draft ?? '',
      nextId: Math.max(0, ...(saved?.transcript ?? []).map((entry) => entry.id)) + 1,
      restored: saved !== undefined && !saved.ended,
      endedByReload: saved?.endedByReload ?? false,
      savedEnded: saved?.ended ?? false,
      lastActivityAt: saved?.lastActivityAt ?? saved?.transcript.at(-1)?.timestamp ?? null,
      kind: saved?.kind ?? input.kind ?? 'chat',
      // An ended chat saved as such comes back ended, with nothing being typed.
      ...(saved?.ended ? { typing: '', typingStartedAt: null } : {}),
    };
  },
  // A chat restored after a reload picks up where it was: typing, idle or ended.
  initial: 'starting',
  on: {
    'stream.system': { actions: 'addSystem' },
    'stream.message': [{ guard: 'is an echo of a message sent here' }, { actions: 'addMessage' }],
    'stream.synced': [
      { guard: 'synced as ended', target: '.ended', actions: 'applySync' },
      { guard: 'synced while typing', target: '.open.typing', actions: 'applySync' },
      { target: '.open.idle', actions: 'applySync' },
    ],
    'stream.focus': { actions: 'focus' },
    'stream.blur': { actions: 'blur' },
    'stream.draft': { actions: 'setDraft' },
    'stream.markCall': { actions: assign({ kind: 'call' as const }) },
  },
  states: {
    starting: {
      always: [
        { guard: 'was saved ended', target: 'ended' },
        { guard: 'was typing', target: 'open.typing' },
        { target: 'open' },
      ],
    },
    open: {
      initial: 'idle',
      on: {
        'stream.userMessage': { actions: 'addUserMessage' },
        'stream.resumed': { actions: 'markResumed' },
        'stream.interrupted': { target: '.idle', actions: 'interruptReply' },
        'stream.gone': { target: '.idle', actions: ['interruptReply', 'noteGone'] },
        'stream.unresumable': [
          { guard: 'was restored', target: 'ended', actions: ['interruptReply', 'endByReload'] },
          { target: '.idle', actions: 'interruptReply' },
        ],
        'stream.ttfbStart': { actions: 'startTtfb' },
        'stream.ttfbReceived': { actions: 'receiveTtfb' },
        'stream.terminate': { target: 'ended' },
      },
      states: {
        idle: {
          on: {
            'stream.typingStart': { target: 'typing', actions: 'startTyping' },
          },
        },
        typing: {
          on: {
            'stream.typingDelta': { actions: 'appendDelta' },
            'stream.typingEnd': { target: 'idle', actions: 'settleTyping' },
            // A second start without an end: keep what came, begin again.
            'stream.typingStart': { target: 'typing', reenter: true, actions: ['settleTyping', 'startTyping'] },
            'stream.terminate': { target: '#chatStream.ended', actions: 'settleTyping' },
          },
        },
      },
    },
    // Not final: an ended chat still shows, keeps its draft and can take focus until closed.
    ended: {},
  },
});

export type ChatStreamActor = ActorRefFrom<typeof chatStreamMachine>;
export type ChatStreamSnapshot = SnapshotFrom<typeof chatStreamMachine>;

export const isTyping = (snapshot: ChatStreamSnapshot) => snapshot.matches({ open: 'typing' });
export const isEnded = (snapshot: ChatStreamSnapshot) => snapshot.matches('ended');
