import type { KeyboardEvent } from 'react';
import { chatStreamSelectors } from '../../machines/chat.api';
import type { ChatStreamActor } from '../../machines/chatStream';
import { useChatStream, useChatStreamState } from '../actors/useChat';

interface ComposerProps {
  stream: ChatStreamActor;
  connected: boolean;
  onSend: (text: string) => void;
  /** Escape: focus leaves the composer for the chat list. */
  onLeave: () => void;
}

/** Enter sends (non-empty text only), Shift+Enter starts a new line, Escape leaves. The draft lives in the chat's actor. */
export function Composer({ stream, connected, onSend, onLeave }: ComposerProps) {
  const { draft: setDraft } = useChatStream(stream);
  const draft = useChatStreamState(stream, chatStreamSelectors.draft);
  const title = useChatStreamState(stream, chatStreamSelectors.title);
  const ended = useChatStreamState(stream, chatStreamSelectors.ended);
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
