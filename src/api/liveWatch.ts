import type { Socket } from 'socket.io-client';
import { readRecord } from './envelope';
import type { Http } from './http';
import type { ChatStreamEvent } from './chatSocket';
import { parseStreamMessage } from './chatSocket';
import { z } from './zod';

/**
 * Live watch, our extension (docs/live-watch.md): a supervisor follows a live chat or call
 * read-only. GET …/conversations/{id}/live says whether they may and whether it is live (a
 * backend without it answers 404/405: the page stays as it was); then `conversation-watch` on a
 * socket of the chat gateway answers the conversation so far, and `conversation-watch-message`
 * brings each later event. socket.io-client is imported only when a watch starts.
 */

export interface LiveStatus {
  live: boolean;
  channel: string;
}

const liveStatusSchema = z.object({ live: z.boolean(), channel: z.optional(z.nullable(z.string())) });

export function createLiveWatchApi(http: Http) {
  return {
    async status(conversationId: string, signal?: AbortSignal): Promise<LiveStatus> {
      // A 403 is this call's own answer (no permission to watch): the page says so, no forbidden page.
      const response = await http.api.get(`/v1/reporting/conversations/${encodeURIComponent(conversationId)}/live`, { signal, handlesForbidden: true });
      const parsed = readRecord(liveStatusSchema, response.data);
      return { live: parsed.live, channel: parsed.channel ?? 'chat' };
    },
  };
}

export interface WatchedLine {
  role: 'user' | 'bot' | 'system';
  text: string;
  timestamp: string;
}

/** The conversation so far, when the gateway let this socket watch it. */
export interface WatchSnapshot {
  transcript: WatchedLine[];
  /** The reply being typed at the answer, or null. */
  typing: string | null;
  lastSeq: number;
}

export type WatchRefusal = 'forbidden' | 'not-found' | 'not-live' | 'too-many' | 'unsupported';

const lineSchema = z.object({ role: z.enum(['user', 'bot', 'system']), text: z.string().check(z.maxLength(100_000)), timestamp: z.optional(z.nullable(z.string())) });
const acceptedSchema = z.object({
  ok: z.literal(true),
  lastSeq: z.optional(z.number()),
  transcript: z.optional(z.array(lineSchema).check(z.maxLength(2000))),
  typing: z.optional(z.nullable(z.string().check(z.maxLength(100_000)))),
});
const refusedSchema = z.object({ ok: z.literal(false), error: z.optional(z.string()) });
const REFUSALS: readonly WatchRefusal[] = ['forbidden', 'not-found', 'not-live', 'too-many'];

/** The acknowledgement of `conversation-watch`: the snapshot, or why not (anything else: unsupported). */
export function parseWatchAnswer(raw: unknown): WatchSnapshot | WatchRefusal {
  const accepted = acceptedSchema.safeParse(raw);
  if (accepted.success) {
    const a = accepted.data;
    return {
      transcript: (a.transcript ?? []).map((l) => ({ role: l.role, text: l.text, timestamp: l.timestamp ?? '' })),
      typing: a.typing ?? null,
      lastSeq: a.lastSeq !== undefined && Number.isSafeInteger(a.lastSeq) && a.lastSeq > 0 ? a.lastSeq : 0,
    };
  }
  const refused = refusedSchema.safeParse(raw);
  const reason = refused.success ? refused.data.error : undefined;
  return reason && (REFUSALS as readonly string[]).includes(reason) ? (reason as WatchRefusal) : refused.success ? 'forbidden' : 'unsupported';
}

export interface WatchedEvent {
  seq: number | null;
  timestamp: string;
  event: ChatStreamEvent;
}

const watchMessageSchema = z.object({ conversationId: z.union([z.string(), z.number()]) });

/** A `conversation-watch-message` of this conversation, or null (another one's, malformed, unknown type). */
export function parseWatchMessage(raw: unknown, conversationId: string, receivedAt: number): WatchedEvent | null {
  const named = watchMessageSchema.safeParse(raw);
  if (!named.success || String(named.data.conversationId).toLowerCase() !== conversationId.toLowerCase()) return null;
  // The same event shapes as a stream-message (SPEC §7), named by conversation instead of stream key.
  const message = parseStreamMessage({ ...(raw as object), streamKey: String(named.data.conversationId) }, receivedAt);
  return message ? { seq: message.seq ?? null, timestamp: message.timestamp, event: message.event } : null;
}

/** How long `conversation-watch` may go unanswered before the gateway counts as one without it. */
export const WATCH_TIMEOUT_MS = 5000;

export interface WatchHandlers {
  /** The gateway's answer: the snapshot (events follow), or why not. */
  answered(outcome: WatchSnapshot | WatchRefusal): void;
  event(event: WatchedEvent): void;
  /** The socket could not connect or dropped. */
  lost(reason: string): void;
}

export interface WatchConnection {
  close(): void;
}

/** A socket of its own for one watched conversation (the operator's chat socket is not touched). */
export async function openWatchSocket(url: string, token: string | null, conversationId: string, handlers: WatchHandlers, timeoutMs = WATCH_TIMEOUT_MS): Promise<WatchConnection> {
  const { io } = await import('socket.io-client');
  const options = { transports: ['websocket'], auth: { token: token ?? '' }, reconnection: false, forceNew: true };
  const socket: Socket = url ? io(url, options) : io(options);
  socket.on('connect_error', (error: Error) => handlers.lost(error.message || 'connect_error'));
  socket.on('disconnect', (reason: string) => handlers.lost(reason));
  socket.on('conversation-watch-message', (raw: unknown) => {
    const event = parseWatchMessage(raw, conversationId, Date.now());
    if (event) handlers.event(event);
  });
  socket.on('connect', () => {
    socket.timeout(timeoutMs).emit('conversation-watch', { conversationId }, (error: unknown, answer: unknown) => {
      // Unanswered while connected: a gateway without the extension (a dropped socket says `lost`).
      if (error) return socket.connected ? handlers.answered('unsupported') : undefined;
      handlers.answered(parseWatchAnswer(answer));
    });
  });
  return {
    close: () => {
      if (socket.connected) socket.emit('conversation-unwatch', { conversationId });
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
