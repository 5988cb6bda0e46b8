import type { Socket } from 'socket.io-client';
import { parseSessionsAnswer, type ListedChat } from './chatSessions';
import { z } from './zod';

/**
 * The chat gateway transport (DESIGN §4). This is the only module that touches socket.io-client,
 * and only through a dynamic import: the library arrives when a chat first connects, never in
 * the initial bundle.
 */

/** SPEC §9: the first retry 5000 ms after a drop, doubling up to 60000 ms. */
export const RECONNECT_DELAY_MS = 5000;
export const RECONNECT_DELAY_MAX_MS = 60000;

/**
 * Delay before reconnect attempt `attempt` (1 = the first retry after a drop): 5 s, 10 s, 20 s,
 * 40 s, then 60 s for ever. No jitter, so "5000 ms" means exactly that; the exponent is capped,
 * so a long outage can never overflow into NaN (socket.io's own backoff does, after ~1000 tries).
 */
export function reconnectDelay(attempt: number): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 10);
  return Math.min(RECONNECT_DELAY_MS * 2 ** exponent, RECONNECT_DELAY_MAX_MS);
}

export type ChatStreamEvent =
  /** `messageId`: on the echo of a message sent from another tab (sessions extension). */
  | { type: 'message'; role: 'user' | 'bot'; msg: string; messageId?: string }
  | { type: 'typing-delta-start' }
  | { type: 'typing-delta'; delta: string }
  | { type: 'typing-delta-end' }
  | { type: 'terminate' }
  | { type: 'ttfb-start' }
  | { type: 'ttfb-received' }
  | { type: 'system'; text: string };

export interface StreamMessage {
  streamKey: string;
  /** ISO time the server stamped (or the arrival time when it sent none). */
  timestamp: string;
  /** The gateway's name for a new stream (an extension of ours; optional). */
  title?: string;
  /** The event's number on its stream (our resume extension; a gateway without it sends none). */
  seq?: number;
  /** On a new chat's first event: the `requestId` of the `chat-new-request` that opened it (sessions extension). */
  requestId?: string;
  event: ChatStreamEvent;
}

const eventSchema = z.union([
  z.object({ type: z.literal('message'), role: z.enum(['user', 'bot']), msg: z.string(), messageId: z.optional(z.string().check(z.maxLength(100))) }),
  z.object({ type: z.literal('typing-delta'), delta: z.string() }),
  z.object({ type: z.literal('system'), text: z.string() }),
  z.object({ type: z.enum(['typing-delta-start', 'typing-delta-end', 'terminate', 'ttfb-start', 'ttfb-received']) }),
]);

const streamMessageSchema = z.object({
  streamKey: z.string().check(z.minLength(1), z.maxLength(200)),
  timestamp: z.optional(z.union([z.string(), z.number()])),
  title: z.optional(z.string()),
  seq: z.optional(z.number()),
  requestId: z.optional(z.string().check(z.maxLength(100))),
  event: eventSchema,
});

/** A `stream-message` payload, or null when it is malformed or of a type we do not know (ignored). */
export function parseStreamMessage(raw: unknown, receivedAt: number): StreamMessage | null {
  const parsed = streamMessageSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { streamKey, timestamp, title, seq, requestId, event } = parsed.data;
  const time = timestamp === undefined ? new Date(receivedAt) : new Date(timestamp);
  const message: StreamMessage = {
    streamKey,
    timestamp: Number.isNaN(time.getTime()) ? new Date(receivedAt).toISOString() : time.toISOString(),
    event: event as ChatStreamEvent,
  };
  if (title) message.title = title;
  if (seq !== undefined && Number.isSafeInteger(seq) && seq > 0) message.seq = seq;
  if (requestId) message.requestId = requestId;
  return message;
}

/**
 * What `chat-resume` came to: `resumed` (the missed events came first, in order), `gone` (the
 * gateway no longer has the stream: it expired or the gateway restarted), or `unsupported` (no
 * answer while connected: a gateway that speaks only SPEC §7).
 */
export type ResumeOutcome = 'resumed' | 'gone' | 'unsupported';

/** How long a resume may go unanswered before the gateway counts as one without the extension. */
export const RESUME_TIMEOUT_MS = 5000;

const resumeAnswerSchema = z.object({ ok: z.boolean() });
const closedSchema = z.object({ streamKey: z.string().check(z.minLength(1), z.maxLength(200)) });

export type ClientCommand =
  | { event: 'chat-new-request'; payload: { botId?: string; instanceId?: string; requestId?: string } }
  | { event: 'chat-send-message'; payload: { streamKey: string; message: string; options: Record<string, unknown> } }
  | { event: 'chat-end-request'; payload: { streamKey: string } }
  | { event: 'chat-text-end'; payload: { streamKey: string } }
  /** Sessions extension: off the user's open chats, in every tab. */
  | { event: 'chat-close'; payload: { streamKey: string } };

/** What `chat-sessions` came to: the user's open chats, or `unsupported` (no answer while connected). */
export type SessionsOutcome = { chats: ListedChat[] } | 'unsupported';

export interface ChatSocketHandlers {
  connected(): void;
  clientId(id: string): void;
  /** `receivedAt` is taken when the event arrives (TTFB is measured on arrival, not on render). */
  message(message: StreamMessage, receivedAt: number): void;
  disconnected(reason: string): void;
  failed(reason: string): void;
  /** Sessions extension: the user closed this chat in another tab. */
  closed(streamKey: string): void;
}

export interface ChatConnection {
  send(command: ClientCommand): void;
  /** Asks the gateway for a stream's events after `afterSeq`; null when the socket dropped first. */
  resume(streamKey: string, afterSeq: number, timeoutMs?: number): Promise<ResumeOutcome | null>;
  /**
   * Asks for the user's open chats (and every later event of them). `answered` runs in the same
   * turn as the answer arrives, before any event after it (a promise would let those overtake it);
   * it gets null when the socket dropped first.
   */
  sessions(answered: (outcome: SessionsOutcome | null) => void, timeoutMs?: number): void;
  close(): void;
}

/**
 * Opens one connection attempt. socket.io's own reconnection is off: the chat statechart owns
 * the schedule (visible as its `error` state, testable with a simulated clock).
 */
export async function openChatSocket(url: string, token: string | null, handlers: ChatSocketHandlers): Promise<ChatConnection> {
  const { io } = await import('socket.io-client');
  const options = { transports: ['websocket'], auth: { token: token ?? '' }, reconnection: false, forceNew: true };
  const socket: Socket = url ? io(url, options) : io(options);
  socket.on('connect', () => handlers.connected());
  socket.on('connect_error', (error: Error) => handlers.failed(error.message || 'connect_error'));
  socket.on('disconnect', (reason: string) => handlers.disconnected(reason));
  socket.on('ClientId', (id: unknown) => {
    if (typeof id === 'string' || typeof id === 'number') handlers.clientId(String(id));
  });
  socket.on('chat-closed', (raw: unknown) => {
    const parsed = closedSchema.safeParse(raw);
    if (parsed.success) handlers.closed(parsed.data.streamKey);
  });
  socket.on('stream-message', (raw: unknown) => {
    const receivedAt = Date.now();
    const message = parseStreamMessage(raw, receivedAt);
    if (message) handlers.message(message, receivedAt);
  });
  return {
    send: (command) => {
      socket.emit(command.event, command.payload);
    },
    resume: (streamKey, afterSeq, timeoutMs = RESUME_TIMEOUT_MS) =>
      new Promise((resolve) => {
        socket.timeout(timeoutMs).emit('chat-resume', { streamKey, afterSeq }, (error: unknown, answer: unknown) => {
          if (error) return resolve(socket.connected ? 'unsupported' : null);
          resolve(resumeAnswerSchema.safeParse(answer).data?.ok ? 'resumed' : 'gone');
        });
      }),
    sessions: (answered, timeoutMs = RESUME_TIMEOUT_MS) => {
      socket.timeout(timeoutMs).emit('chat-sessions', {}, (error: unknown, answer: unknown) => {
        if (error) return answered(socket.connected ? 'unsupported' : null);
        const chats = parseSessionsAnswer(answer);
        answered(chats ? { chats } : 'unsupported');
      });
    },
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
