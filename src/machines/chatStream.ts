import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ChatStreamEvent } from '../api/chatSocket';

/** What a chat was opened with; sent again with every message so a restarted gateway can re-open it. */
export interface ChatTarget {
  botId?: string;
  instanceId?: string;
}

type EntryDraft =
  | { kind: 'message'; role: 'user' | 'bot'; msg: string; timestamp: string; interrupted?: boolean }
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
}

export interface ChatStreamInput {
  streamKey: string;
  title: string;
  target: ChatTarget;
  focused: boolean;
}

/** The stream actor's events: one per gateway event type (mapped by `toStreamActorEvent`), plus the console's own. */
export type ChatStreamEvents =
  | { type: 'stream.message'; role: 'user' | 'bot'; msg: string; timestamp: string }
  | { type: 'stream.system'; text: string; timestamp: string }
  | { type: 'stream.typingStart'; timestamp: string }
  | { type: 'stream.typingDelta'; delta: string; timestamp: string }
  | { type: 'stream.typingEnd'; timestamp: string }
  | { type: 'stream.terminate'; timestamp: string }
  | { type: 'stream.ttfbStart'; receivedAt: number }
  | { type: 'stream.ttfbReceived'; receivedAt: number }
  | { type: 'stream.userMessage'; text: string; timestamp: string }
  | { type: 'stream.interrupted'; timestamp: string }
  | { type: 'stream.focus' }
  | { type: 'stream.blur' }
  | { type: 'stream.draft'; text: string };

/** A gateway event as this actor's event; `receivedAt` (ms) is when it arrived. */
export function toStreamActorEvent(event: ChatStreamEvent, timestamp: string, receivedAt: number): ChatStreamEvents {
  switch (event.type) {
    case 'message': return { type: 'stream.message', role: event.role, msg: event.msg, timestamp };
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
  return { transcript: [...context.transcript, { ...entry, id: entryId(context) }], nextId: context.nextId + 1 };
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
    'reply was cut before any text': ({ context }) => context.typing === '' && context.ttfbStartedAt !== null,
  },
  actions: {
    addMessage: assign(({ context, event }) => {
      if (event.type !== 'stream.message') return {};
      return { ...withEntry(context, { kind: 'message', role: event.role, msg: event.msg, timestamp: event.timestamp }), unread: context.focused ? 0 : context.unread + 1 };
    }),
    addSystem: assign(({ context, event }) => (event.type === 'stream.system' ? withEntry(context, { kind: 'system', text: event.text, timestamp: event.timestamp }) : {})),
    addUserMessage: assign(({ context, event }) =>
      event.type === 'stream.userMessage' ? { ...withEntry(context, { kind: 'message', role: 'user', msg: event.text, timestamp: event.timestamp }), draft: '' } : {},
    ),
    startTyping: assign(({ event }) => ({ typing: '', typingStartedAt: 'timestamp' in event ? event.timestamp : null })),
    appendDelta: assign({ typing: ({ context, event }) => (event.type === 'stream.typingDelta' ? context.typing + event.delta : context.typing) }),
    settleTyping: assign(({ context, event }) => settleTyping(context, 'timestamp' in event ? event.timestamp : new Date().toISOString())),
    settleInterrupted: assign(({ context, event }) => ({
      ...settleTyping(context, event.type === 'stream.interrupted' ? event.timestamp : new Date().toISOString(), true),
      ttfbStartedAt: null,
    })),
    noteLostReply: assign(({ context, event }) => ({
      ...withEntry(context, { kind: 'system', text: 'A reply was cut off by the connection loss before any text arrived.', timestamp: 'timestamp' in event ? event.timestamp : new Date().toISOString() }),
      ttfbStartedAt: null,
    })),
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
  context: ({ input }) => ({
    streamKey: input.streamKey,
    title: input.title,
    target: input.target,
    transcript: [],
    typing: '',
    typingStartedAt: null,
    unread: 0,
    focused: input.focused,
    ttfbStartedAt: null,
    ttfbCount: 0,
    ttfbTotalMs: 0,
    lastTtfbMs: null,
    averageTtfbMs: null,
    draft: '',
    nextId: 1,
  }),
  initial: 'open',
  on: {
    'stream.system': { actions: 'addSystem' },
    'stream.message': { actions: 'addMessage' },
    'stream.focus': { actions: 'focus' },
    'stream.blur': { actions: 'blur' },
    'stream.draft': { actions: 'setDraft' },
  },
  states: {
    open: {
      initial: 'idle',
      on: {
        'stream.userMessage': { actions: 'addUserMessage' },
        'stream.ttfbStart': { actions: 'startTtfb' },
        'stream.ttfbReceived': { actions: 'receiveTtfb' },
        'stream.terminate': { target: 'ended' },
      },
      states: {
        idle: {
          on: {
            'stream.typingStart': { target: 'typing', actions: 'startTyping' },
            'stream.interrupted': { guard: 'reply was cut before any text', actions: 'noteLostReply' },
          },
        },
        typing: {
          on: {
            'stream.typingDelta': { actions: 'appendDelta' },
            'stream.typingEnd': { target: 'idle', actions: 'settleTyping' },
            // A second start without an end: keep what came, begin again.
            'stream.typingStart': { target: 'typing', reenter: true, actions: ['settleTyping', 'startTyping'] },
            'stream.interrupted': { target: 'idle', actions: 'settleInterrupted' },
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
