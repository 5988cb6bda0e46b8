/**
 * The chat gateway's wire protocol (DESIGN §4). Server → client: `ClientId` (string) and
 * `stream-message` {streamKey, timestamp, event}. `title` on a stream's first message is our
 * extension: it names the chat in the console (a backend without it still works, the portal
 * falls back to its own label). `seq` and `chat-resume` are our resume extension (see gateway.ts).
 */
export type StreamEvent =
  /** `messageId` (sessions extension): the id the sending tab gave its message, on the echo to the user's other tabs. */
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
  timestamp: string;
  event: StreamEvent;
  title?: string;
  /** Our resume extension: the event's number on its stream, from 1, without gaps. */
  seq?: number;
  /** Sessions extension: on a new chat's first message, the `requestId` its `chat-new-request` carried. */
  requestId?: string;
}

/** One listed chat of `chat-sessions` (our sessions extension; see docs/chat-sessions.md). */
export interface ListedChat {
  streamKey: string;
  title: string;
  target: { botId?: string; instanceId?: string };
  ended: boolean;
  /** The stream's last event number: events after it arrive on the socket after the answer. */
  lastSeq: number;
  startedAt: string;
  /** The conversation's uuid in reporting. */
  conversationId: string;
  transcript: { role: 'user' | 'bot' | 'system'; text: string; timestamp: string; ttfbMs?: number }[];
  /** The reply being typed at the time of the answer, or null. */
  typing: string | null;
}

export type SessionsAnswer = { ok: true; chats: ListedChat[] };

/** The acknowledgement of `chat-resume` (our extension): replayed events precede it on the socket. */
export type ResumeAnswer = { ok: true; lastSeq: number } | { ok: false; error: 'gone' };

/** One line of a watched conversation so far (our live-watch extension; docs/live-watch.md). */
export interface WatchedLine {
  role: 'user' | 'bot' | 'system';
  text: string;
  timestamp: string;
}

/**
 * The acknowledgement of `conversation-watch`: the conversation so far, after which its events
 * follow as `conversation-watch-message`; or why not (no permission, unknown or another
 * account's conversation, no longer live, too many watched on this socket).
 */
export type WatchAnswer =
  | { ok: true; conversationId: string; channel: string; lastSeq: number; transcript: WatchedLine[]; typing: string | null }
  | { ok: false; error: 'forbidden' | 'not-found' | 'not-live' | 'too-many' };

/** A watched conversation's event (live-watch extension): a stream-message named by conversation. */
export interface WatchMessage {
  conversationId: string;
  timestamp: string;
  seq: number;
  event: StreamEvent;
}

export const SERVER_EVENTS = {
  clientId: 'ClientId',
  streamMessage: 'stream-message',
  /** Sessions extension: `{streamKey}`, a chat the user closed in another tab. */
  closed: 'chat-closed',
  /** Live-watch extension: a WatchMessage of a conversation this socket watches. */
  watchMessage: 'conversation-watch-message',
} as const;

export const CLIENT_EVENTS = {
  newChat: 'chat-new-request',
  send: 'chat-send-message',
  end: 'chat-end-request',
  textEnd: 'chat-text-end',
  /** Extension: `{streamKey, afterSeq}` with an acknowledgement (ResumeAnswer). */
  resume: 'chat-resume',
  /** Extension: lists the user's open chats (acknowledged with SessionsAnswer) and keeps this socket in step with them. */
  sessions: 'chat-sessions',
  /** Extension: `{streamKey}` takes a chat off the user's open chats (ending it if live), in every tab. */
  close: 'chat-close',
  /** Live-watch extension: `{conversationId}` (uuid) with an acknowledgement (WatchAnswer); read-only. */
  watch: 'conversation-watch',
  /** Live-watch extension: `{conversationId}` stops the events of a watched conversation. */
  unwatch: 'conversation-unwatch',
} as const;
