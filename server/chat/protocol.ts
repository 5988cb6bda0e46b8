/**
 * The chat gateway's wire protocol (DESIGN §4). Server → client: `ClientId` (string) and
 * `stream-message` {streamKey, timestamp, event}. `title` on a stream's first message is our
 * extension: it names the chat in the console (a backend without it still works, the portal
 * falls back to its own label). `seq` and `chat-resume` are our resume extension (see gateway.ts).
 */
export type StreamEvent =
  | { type: 'message'; role: 'user' | 'bot'; msg: string }
  | { type: 'typing-delta-start' }
  | { type: 'typing-delta'; delta: string }
  | { type: 'typing-delta-end' }
  | { type: 'terminate' }
  | { type: 'ttfb-start' }
  | { type: 'ttfb-received' }
  | { type: 'system'; text: string };

export interface StreamMessage {
  streamKey: string;
  timestamp: string;
  event: StreamEvent;
  title?: string;
  /** Our resume extension: the event's number on its stream, from 1, without gaps. */
  seq?: number;
}

/** The acknowledgement of `chat-resume` (our extension): replayed events precede it on the socket. */
export type ResumeAnswer = { ok: true; lastSeq: number } | { ok: false; error: 'gone' };

export const SERVER_EVENTS = { clientId: 'ClientId', streamMessage: 'stream-message' } as const;

export const CLIENT_EVENTS = {
  newChat: 'chat-new-request',
  send: 'chat-send-message',
  end: 'chat-end-request',
  textEnd: 'chat-text-end',
  /** Extension: `{streamKey, afterSeq}` with an acknowledgement (ResumeAnswer). */
  resume: 'chat-resume',
} as const;
