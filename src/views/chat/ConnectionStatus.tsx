import { useSelector } from '@xstate/react';
import type { ChatActor, ChatConnectionState } from '../../machines/chat';
import { chatApi, chatSelectors } from '../../machines/chat.api';
import { useActorApi } from '../actors/useActorApi';

const LABELS: Record<ChatConnectionState, string> = { disconnected: 'Disconnected', connecting: 'Connecting…', connected: 'Connected', error: 'Connection problem' };

/** Always visible: the gateway connection, why it failed and when it retries. */
export function ConnectionStatus({ chat }: { chat: ChatActor }) {
  const state = useSelector(chat, chatSelectors.connection);
  const error = useSelector(chat, (s) => s.context.error);
  const retryMs = useSelector(chat, (s) => s.context.retryDelayMs);
  const events = useActorApi(chat, chatApi);
  return (
    <div className={`chat-connection chat-connection-${state}`}>
      <p role="status" aria-live="polite">
        <span className="chat-connection-dot" aria-hidden="true" />
        Chat gateway: <strong>{LABELS[state]}</strong>
        {state === 'error' && error && <span className="chat-connection-detail"> {error}</span>}
        {state === 'error' && retryMs !== null && <span className="chat-connection-detail"> Retrying in {Math.round(retryMs / 1000)} s.</span>}
      </p>
      {(state === 'disconnected' || state === 'error') && (
        <button type="button" className="button" onClick={events.connect}>
          {state === 'disconnected' ? 'Connect' : 'Reconnect now'}
        </button>
      )}
    </div>
  );
}
