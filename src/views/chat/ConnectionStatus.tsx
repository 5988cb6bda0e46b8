import { useSelector } from '@xstate/react';
import type { ChatActor } from '../../machines/chat';
import { useChatEvents, useConnectionStatus } from './useChat';

const LABELS = ['Disconnected', 'Connecting…', 'Connected', 'Connection problem'] as const;

/** Always visible: the gateway connection, why it failed and when it retries. */
export function ConnectionStatus({ chat }: { chat: ChatActor }) {
  const status = useConnectionStatus(chat);
  const error = useSelector(chat, (s) => s.context.error);
  const retryMs = useSelector(chat, (s) => s.context.retryDelayMs);
  const events = useChatEvents(chat);
  return (
    <div className={`chat-connection chat-connection-${status}`}>
      <p role="status" aria-live="polite">
        <span className="chat-connection-dot" aria-hidden="true" />
        Chat gateway: <strong>{LABELS[status]}</strong>
        {status === 3 && error && <span className="chat-connection-detail"> {error}</span>}
        {status === 3 && retryMs !== null && <span className="chat-connection-detail"> Retrying in {Math.round(retryMs / 1000)} s.</span>}
      </p>
      {(status === 0 || status === 3) && (
        <button type="button" className="button" onClick={events.connect}>
          {status === 0 ? 'Connect' : 'Reconnect now'}
        </button>
      )}
    </div>
  );
}
