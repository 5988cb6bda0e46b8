import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { isEnded, isTyping, type ChatStreamActor } from '../../machines/chatStream';
import { Composer } from './Composer';
import { Transcript } from './Transcript';

/** Focus the current chat's composer (switching, new chats, a cancelled question). */
export function focusComposer(): void {
  const composer = document.querySelector<HTMLTextAreaElement>('[data-chat-composer]');
  if (composer && !composer.disabled) composer.focus();
}

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

/** End or close asked about a live chat: the question, and where focus goes. */
function Confirm({ question, confirm, onConfirm, onCancel }: { question: string; confirm: string; onConfirm: () => void; onCancel: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div
      className="chat-confirm"
      role="alertdialog"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <p>{question}</p>
      <button ref={button} type="button" className="button button-danger" onClick={onConfirm}>
        {confirm}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Keep it open
      </button>
    </div>
  );
}

/**
 * The current chat: a header that never changes height (name, End/Hang up, Close), a fixed status
 * line (typing, time to first byte), the transcript that scrolls, and the composer.
 */
export function ChatPanel({ stream, connected, onSend, onEnd, onClose, onLeaveComposer }: ChatPanelProps) {
  const title = useSelector(stream, (s) => s.context.title);
  const key = useSelector(stream, (s) => s.context.streamKey);
  const ended = useSelector(stream, isEnded);
  const typing = useSelector(stream, isTyping);
  const average = useSelector(stream, (s) => s.context.averageTtfbMs);
  const samples = useSelector(stream, (s) => s.context.ttfbCount);
  const reloaded = useSelector(stream, (s) => s.context.endedByReload);
  const call = useSelector(stream, (s) => s.context.kind === 'call');
  const [asking, setAsking] = useState<'end' | 'close' | null>(null);
  const noun = call ? 'call' : 'chat';
  const endLabel = call ? 'Hang up' : 'End chat';

  return (
    <section className="chat-panel" aria-labelledby="chat-panel-title">
      <header className="chat-panel-header">
        <h2 id="chat-panel-title">{title}</h2>
        <div className="chat-panel-actions">
          <button type="button" className="button button-danger" disabled={ended || !connected} onClick={() => setAsking('end')}>
            {endLabel}
          </button>
          <button type="button" className="button" onClick={() => (ended ? onClose(key) : setAsking('close'))}>
            Close {noun}
          </button>
        </div>
      </header>
      <div className="chat-status-line">
        <p className="chat-panel-state" role="status">
          {ended ? (reloaded ? 'Ended (reloaded)' : `${call ? 'Call' : 'Chat'} ended`) : typing ? (call ? 'Contact is speaking…' : 'Bot is typing…') : 'Open'}
        </p>
        <p className="chat-ttfb">
          Average time to first byte: <strong>{formatTtfb(average)}</strong>
          {samples > 0 && <span> ({samples} {samples === 1 ? 'reply' : 'replies'})</span>}
        </p>
      </div>
      {asking && (
        <Confirm
          question={asking === 'end' ? `${endLabel} with ${title}? The ${noun} ends for good.` : `Close the live ${noun} with ${title}? It ends on the gateway too.`}
          confirm={asking === 'end' ? endLabel : `Close ${noun}`}
          onConfirm={() => {
            setAsking(null);
            if (asking === 'end') onEnd(key);
            else onClose(key);
          }}
          onCancel={() => {
            setAsking(null);
            focusComposer();
          }}
        />
      )}
      <Transcript stream={stream} />
      <Composer stream={stream} connected={connected} onSend={(text) => onSend(key, text)} onLeave={onLeaveComposer} />
    </section>
  );
}
