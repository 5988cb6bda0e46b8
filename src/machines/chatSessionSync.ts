import type { ListedChat } from '../api/chatSessions';
import type { RestoredStream, TranscriptEntry } from './chatStream';

/**
 * The gateway's stored chat (sessions extension) as the state a stream actor starts from or
 * syncs to: the same shape a reload restores from sessionStorage, so one path serves both.
 */
export function toRestoredStream(chat: ListedChat): RestoredStream {
  const transcript: TranscriptEntry[] = chat.transcript.map((line, index) =>
    line.role === 'system'
      ? { id: index + 1, kind: 'system', text: line.text, timestamp: line.timestamp }
      : { id: index + 1, kind: 'message', role: line.role, msg: line.text, timestamp: line.timestamp, ...(line.ttfbMs !== null ? { ttfbMs: line.ttfbMs } : {}) },
  );
  const samples = chat.transcript.flatMap((line) => (line.ttfbMs !== null ? [line.ttfbMs] : []));
  return {
    title: chat.title,
    target: chat.target,
    transcript,
    typing: chat.ended ? null : chat.typing,
    typingStartedAt: null,
    ended: chat.ended,
    endedByReload: false,
    unread: 0,
    draft: '',
    ttfbCount: samples.length,
    ttfbTotalMs: samples.reduce((sum, ms) => sum + ms, 0),
    lastTtfbMs: samples.at(-1) ?? null,
    lastActivityAt: transcript.at(-1)?.timestamp ?? null,
    kind: 'chat',
  };
}

/** An id for a request or a message this console sends: unique enough to tell its own echo apart. */
export function newClientId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
