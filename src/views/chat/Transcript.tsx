import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { formatTimestamp } from '../../format/timestamp';
import { isTyping, type ChatStreamActor, type ChatStreamSnapshot, type TranscriptEntry } from '../../machines/chatStream';
import { useTimeZone } from '../common/TimeZone';
import { cancelFlush, scheduleFlush } from './frameFlush';

const Entry = memo(function Entry({ entry, call }: { entry: TranscriptEntry; call: boolean }) {
  const timeZone = useTimeZone();
  const time = <time dateTime={entry.timestamp}>{formatTimestamp(entry.timestamp, undefined, undefined, timeZone)}</time>;
  if (entry.kind === 'system') {
    return (
      <li className="chat-system">
        <span>{entry.text}</span> {time}
      </li>
    );
  }
  return (
    <li className={`chat-message chat-message-${entry.role}${entry.interrupted ? ' chat-message-interrupted' : ''}`}>
      {/* In a call the other side is the person called, not the operator. */}
      <span className="chat-message-who">{entry.role === 'user' ? (call ? 'Contact' : 'You') : 'Bot'}</span> {time}
      <p className="chat-message-text">{entry.msg}</p>
      {entry.interrupted && <p className="chat-message-note">Interrupted: the connection dropped before this reply finished.</p>}
    </li>
  );
});

/** Settled entries never change, so each renders once; only the streaming reply re-renders. */
const SettledEntries = memo(function SettledEntries({ entries, call }: { entries: TranscriptEntry[]; call: boolean }) {
  // The log wraps the list: role="log" on the <ol> itself would orphan its items.
  return (
    <div role="log" aria-label="Transcript">
      <ol className="chat-log">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} call={call} />
        ))}
      </ol>
    </div>
  );
});

/**
 * The bot's reply while it streams. Deltas are read from the actor outside React state and shown
 * at most once per animation frame (frameFlush), so a fast stream costs one commit per frame.
 */
function StreamingReply({ stream, onFlushed }: { stream: ChatStreamActor; onFlushed?: () => void }) {
  const read = () => {
    const snapshot = stream.getSnapshot();
    return isTyping(snapshot) ? snapshot.context.typing : null;
  };
  const [text, setText] = useState<string | null>(read);
  const latest = useRef<string | null>(text);
  const flushed = useRef(onFlushed);
  flushed.current = onFlushed;

  useEffect(() => {
    const flush = () => setText(latest.current);
    const subscription = stream.subscribe((snapshot) => {
      const next = isTyping(snapshot) ? snapshot.context.typing : null;
      if (next === latest.current) return;
      latest.current = next;
      scheduleFlush(flush);
    });
    latest.current = read();
    setText(latest.current);
    return () => {
      subscription.unsubscribe();
      cancelFlush(flush);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` only reads `stream`
  }, [stream]);

  useEffect(() => {
    flushed.current?.();
  }, [text]);

  if (text === null) return null;
  return (
    <div className="chat-message chat-message-bot chat-message-streaming" aria-busy="true">
      <span className="visually-hidden">Bot is typing: </span>
      <p className="chat-message-text">{text}</p>
    </div>
  );
}

const selectTranscript = (s: ChatStreamSnapshot) => s.context.transcript;

/** One chat's log: its settled entries, then the bot's reply while it streams, kept in view while the reader is at the bottom. */
export function Transcript({ stream }: { stream: ChatStreamActor }) {
  const entries = useSelector(stream, selectTranscript);
  const call = useSelector(stream, (s) => s.context.kind === 'call');
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const follow = useCallback(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, []);
  useLayoutEffect(follow, [entries, follow]);
  return (
    <div
      className="chat-transcript"
      ref={box}
      tabIndex={0}
      aria-label="Conversation"
      onScroll={(event) => {
        const el = event.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      <SettledEntries entries={entries} call={call} />
      <StreamingReply stream={stream} onFlushed={follow} />
    </div>
  );
}
