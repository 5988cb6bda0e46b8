import { useEffect, useRef, useState } from 'react';
import { isTyping, type ChatStreamActor } from '../../machines/chatStream';
import { cancelFlush, scheduleFlush } from './frameFlush';

/**
 * The bot's reply while it streams. Deltas are read from the actor outside React state and shown
 * at most once per animation frame (frameFlush), so a fast stream costs one commit per frame.
 */
export function StreamingReply({ stream, onFlushed }: { stream: ChatStreamActor; onFlushed?: () => void }) {
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
