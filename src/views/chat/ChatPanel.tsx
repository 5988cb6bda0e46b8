import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { chatStreamApi, chatStreamSelectors, type ChatActorApi } from '../../machines/chat.api';
import { isEnded, isTyping, type ChatStreamActor } from '../../machines/chatStream';
import { useActorApi } from '../actors/useActorApi';
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
  /** The chat actor's named API (the console's): the panel sends, ends and closes through it. */
  chat: Pick<ChatActorApi, 'send' | 'end' | 'close'>;
  connected: boolean;
  /** Escape in the composer: focus leaves for the chat list. */
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

interface ComposerProps {
  stream: ChatStreamActor;
  connected: boolean;
  onSend: (text: string) => void;
  /** Escape: focus leaves the composer for the chat list. */
  onLeave: () => void;
}

/** Enter sends (non-empty text only), Shift+Enter starts a new line, Escape leaves. The draft lives in the chat's actor. */
function Composer({ stream, connected, onSend, onLeave }: ComposerProps) {
  const { draft: setDraft } = useActorApi(stream, chatStreamApi);
  const draft = useSelector(stream, chatStreamSelectors.draft);
  const title = useSelector(stream, chatStreamSelectors.title);
  const ended = useSelector(stream, chatStreamSelectors.ended);
  const canSend = connected && !ended && draft.trim() !== '';
  const send = () => {
    if (canSend) onSend(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onLeave();
    }
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor="chat-composer-input" className="visually-hidden">
        Message to {title}
      </label>
      <textarea
        id="chat-composer-input"
        data-chat-composer
        rows={2}
        value={draft}
        disabled={ended}
        placeholder={ended ? 'This chat has ended.' : 'Type a message — Enter sends, Shift+Enter adds a line'}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={!connected && !ended ? 'chat-composer-offline' : undefined}
      />
      <button type="submit" className="button button-primary" disabled={!canSend}>
        Send
      </button>
      {!connected && !ended && (
        <p id="chat-composer-offline" className="chat-composer-note">
          Not connected: your message stays here until the gateway is back.
        </p>
      )}
    </form>
  );
}

/**
 * The current chat: a header that never changes height (name, End/Hang up, Close), a fixed status
 * line (typing, time to first byte), the transcript that scrolls, and the composer.
 */
export function ChatPanel({ stream, chat, connected, onLeaveComposer }: ChatPanelProps) {
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
          <button type="button" className="button" onClick={() => (ended ? chat.close(key) : setAsking('close'))}>
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
            if (asking === 'end') chat.end(key);
            else chat.close(key);
          }}
          onCancel={() => {
            setAsking(null);
            focusComposer();
          }}
        />
      )}
      <Transcript stream={stream} />
      <Composer stream={stream} connected={connected} onSend={(text) => chat.send(key, text)} onLeave={onLeaveComposer} />
    </section>
  );
}
