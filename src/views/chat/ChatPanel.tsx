import { useSelector } from '@xstate/react';
import { isEnded, isTyping, type ChatStreamActor } from '../../machines/chatStream';
import { Composer } from './Composer';
import { Transcript } from './Transcript';

export function formatTtfb(ms: number | null): string {
  return ms === null ? '—' : `${Math.round(ms)} ms`;
}

interface ChatPanelProps {
  stream: ChatStreamActor;
  connected: boolean;
  onSend: (streamKey: string, text: string) => void;
  onEnd: (streamKey: string) => void;
  onClose: (streamKey: string) => void;
  onLeaveComposer: () => void;
}

/** The current chat: its header (state, average TTFB, end, close), transcript and composer. */
export function ChatPanel({ stream, connected, onSend, onEnd, onClose, onLeaveComposer }: ChatPanelProps) {
  const title = useSelector(stream, (s) => s.context.title);
  const key = useSelector(stream, (s) => s.context.streamKey);
  const ended = useSelector(stream, isEnded);
  const typing = useSelector(stream, isTyping);
  const average = useSelector(stream, (s) => s.context.averageTtfbMs);
  const samples = useSelector(stream, (s) => s.context.ttfbCount);
  return (
    <section className="chat-panel" aria-labelledby="chat-panel-title">
      <header className="chat-panel-header">
        <h2 id="chat-panel-title">{title}</h2>
        <p className="chat-panel-state" role="status">
          {ended ? 'Chat ended' : typing ? 'Bot is typing…' : 'Open'}
        </p>
        <p className="chat-ttfb">
          Average time to first byte: <strong>{formatTtfb(average)}</strong>
          {samples > 0 && <span> ({samples} {samples === 1 ? 'reply' : 'replies'})</span>}
        </p>
        <div className="chat-panel-actions">
          <button type="button" className="button button-danger" disabled={ended || !connected} onClick={() => onEnd(key)}>
            End chat
          </button>
          <button type="button" className="button" onClick={() => onClose(key)}>
            Close chat
          </button>
        </div>
      </header>
      <Transcript stream={stream} />
      <Composer stream={stream} connected={connected} onSend={(text) => onSend(key, text)} onLeave={onLeaveComposer} />
    </section>
  );
}
