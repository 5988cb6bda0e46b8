import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ChatSnapshot } from '../../machines/chat';
import { OutboundCallForm } from '../calls/OutboundCallForm';
import { ChatList } from './ChatList';
import { ChatPanel } from './ChatPanel';
import { ConnectionStatus } from './ConnectionStatus';
import { NewChatForm } from './NewChatForm';
import { useChatActor, useChatEvents, useConnectionStatus } from './useChat';
import './chat.css';

const selectCurrent = (s: ChatSnapshot) => s.context.chats.find((c) => c.streamKey === s.context.currentKey)?.ref ?? null;

function focusCurrentChatInList() {
  document.querySelector<HTMLButtonElement>('.chat-list-item[aria-current="true"]')?.focus();
}

/** /chat: several live chats at once, plus outbound calls. */
export default function ChatConsolePage() {
  const chat = useChatActor();
  const events = useChatEvents(chat);
  const connected = useConnectionStatus(chat) === 2;
  const current = useSelector(chat, selectCurrent);

  useEffect(() => {
    if (chat.getSnapshot().matches('disconnected')) events.connect();
  }, [chat, events]);

  // Alt+Up / Alt+Down move between chats from anywhere on the page.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      event.preventDefault();
      if (event.key === 'ArrowUp') events.previous();
      else events.next();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [events]);

  return (
    <section className="page chat-console">
      <header className="chat-console-header">
        <h1>Chat</h1>
        <ConnectionStatus chat={chat} />
      </header>
      <div className="chat-layout">
        <aside className="chat-sidebar" aria-label="Chats">
          <NewChatForm connected={connected} onOpen={events.open} />
          <ChatList chat={chat} />
          <p className="chat-hint">Alt+↑ / Alt+↓ switch chats.</p>
        </aside>
        <div className="chat-main">
          {current ? (
            <ChatPanel key={current.id} stream={current} connected={connected} onSend={events.send} onEnd={events.end} onClose={events.close} onLeaveComposer={focusCurrentChatInList} />
          ) : (
            <p className="chat-empty">Start a new chat, or wait for one to arrive.</p>
          )}
        </div>
        <aside className="chat-calls" aria-label="Calls">
          <OutboundCallForm />
        </aside>
      </div>
    </section>
  );
}
