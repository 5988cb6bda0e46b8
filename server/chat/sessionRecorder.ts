import type { Database } from '../db/connection';
import type { StreamEvent } from './protocol';
import { appendLine, endSession, type StoredSession } from './sessionStore';

/** What the recorder keeps per live chat between events: the reply being typed and its first-byte time. */
export interface ReplyTally {
  text: string;
  ttfbStartedAt: number | null;
  ttfbMs: number | null;
}

export const newTally = (): ReplyTally => ({ text: '', ttfbStartedAt: null, ttfbMs: null });

/**
 * Writes a chat's settled events to its conversation as the gateway sends them: a message or a
 * system note is a line; deltas gather in the tally and the reply becomes one line (with its time
 * to first byte) at `typing-delta-end`; `terminate` completes the conversation.
 */
export function recordEvent(db: Database, session: StoredSession, tally: ReplyTally, event: StreamEvent, at: string, seq: number): void {
  switch (event.type) {
    case 'message':
      appendLine(db, session, { role: event.role, text: event.msg, at, ttfbMs: null }, seq);
      return;
    case 'system':
      appendLine(db, session, { role: 'system', text: event.text, at, ttfbMs: null }, seq);
      return;
    case 'ttfb-start':
      tally.ttfbStartedAt = Date.now();
      tally.ttfbMs = null;
      return;
    case 'ttfb-received':
      if (tally.ttfbStartedAt !== null) tally.ttfbMs = Date.now() - tally.ttfbStartedAt;
      tally.ttfbStartedAt = null;
      return;
    case 'typing-delta-start':
      tally.text = '';
      return;
    case 'typing-delta':
      tally.text += event.delta;
      return;
    case 'typing-delta-end':
      if (tally.text) appendLine(db, session, { role: 'bot', text: tally.text, at, ttfbMs: tally.ttfbMs }, seq);
      tally.text = '';
      tally.ttfbMs = null;
      return;
    case 'terminate':
      endSession(db, session.streamKey, at, seq);
      session.ended = true;
      return;
  }
}
