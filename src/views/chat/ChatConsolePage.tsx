import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chatApi, chatSelectors } from '../../machines/chat.api';
import type { ChatActor } from '../../machines/chat';
import type { RouteViewProps } from '../../route';
import { useActorApi } from '../actors/useActorApi';
import { OutboundCallForm } from '../calls/OutboundCallForm';
import { ChatList } from './ChatList';
import { ChatPanel, focusComposer } from './ChatPanel';
import { ConnectionStatus } from './ConnectionStatus';
import { useMediaQuery, WIDE_LAYOUT } from '../common/useMediaQuery';
import { NewChatForm } from './NewChatForm';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useChatOrder, useLeaveGuard } from './consoleHooks';
import './chat.css';


const inTextField = (element: Element | null) => element instanceof HTMLElement && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));

/** /chat: several live chats at once, plus outbound calls; operated from the keyboard. `chat` is the system's chat actor, the route's. */
export default function ChatConsolePage({ actor: chat }: RouteViewProps<ChatActor>) {
  const events = useActorApi(chat, chatApi);
  const connected = useSelector(chat, chatSelectors.connected);
  const currentKey = useSelector(chat, chatSelectors.currentKey);
  const count = useSelector(chat, chatSelectors.count);
  const current = useSelector(chat, chatSelectors.current);
  const order = useChatOrder(chat);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const wide = useMediaQuery(WIDE_LAYOUT);
  const [helpOpen, setHelpOpen] = useState(false);
  const layout = useRef<HTMLDivElement>(null);
  // A click in the list, like Alt+↑/↓ and new chats, lands in the composer; ↑/↓ in the list stay there.
  const toComposer = useRef(false);
  useLeaveGuard(chat);

  useEffect(() => {
    events.ensureConnected();
  }, [chat, events]);

  // The console fills the window below its own top: the log scrolls, the page does not.
  useLayoutEffect(() => {
    const measure = () => {
      const top = layout.current ? layout.current.getBoundingClientRect().top + window.scrollY : 0;
      layout.current?.style.setProperty('--chat-top', `${Math.round(top)}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // Whichever way a chat became current, its composer takes focus with its own draft — unless the
  // operator is busy elsewhere (the call form, the list's arrow keys, another field).
  useEffect(() => {
    if (!currentKey) return;
    const active = document.activeElement;
    const busyElsewhere = active?.closest('.chat-calls, .chat-list') || (inTextField(active) && !active?.closest('.chat-panel'));
    if (toComposer.current || !busyElsewhere) focusComposer();
    toComposer.current = false;
  }, [currentKey]);

  const pick = useCallback(
    (key: string) => {
      setDrawerOpen(false);
      if (key === chat.getSnapshot().context.currentKey) return focusComposer();
      toComposer.current = true;
      events.select(key);
    },
    [chat, events],
  );
  const step = useCallback(
    (by: 1 | -1) => {
      const keys = order;
      if (keys.length === 0) return;
      const index = keys.indexOf(chat.getSnapshot().context.currentKey ?? '');
      const key = keys[(index + by + keys.length) % keys.length];
      if (key) {
        toComposer.current = true;
        events.select(key);
      }
    },
    [chat, events, order],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        event.preventDefault();
        step(event.key === 'ArrowUp' ? -1 : 1);
      } else if (event.key === '?' && !inTextField(document.activeElement)) {
        event.preventDefault();
        setHelpOpen((open) => !open);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [step]);

  const newChat = (
    <NewChatForm
      connected={connected}
      onOpen={(title, target) => {
        setDrawerOpen(false);
        events.open(title, target);
      }}
    />
  );

  return (
    <section className="page chat-console">
      <header className="chat-console-header">
        <h1>Chat</h1>
        <ConnectionStatus chat={chat} />
        <button type="button" className="button chat-shortcuts-button" aria-expanded={helpOpen} onClick={() => setHelpOpen((open) => !open)}>
          Keyboard shortcuts <kbd aria-hidden="true">?</kbd>
        </button>
      </header>
      {helpOpen && <ShortcutsHelp onClose={() => setHelpOpen(false)} />}
      <div className="chat-layout" ref={layout}>
        <aside className={`chat-sidebar${drawerOpen ? ' is-open' : ''}`} id="chat-drawer" aria-label="Chats">
          {wide && newChat}
          <ChatList chat={chat} order={order} currentKey={currentKey} onSelect={(key) => events.select(key)} onPick={pick} onEnter={focusComposer} />
        </aside>
        <div className="chat-main">
          <div className="chat-main-bar">
            <button type="button" className="button chat-drawer-toggle" aria-controls="chat-drawer" aria-expanded={drawerOpen} onClick={() => setDrawerOpen((open) => !open)}>
              Chats ({count})
            </button>
            {/* On a phone "New chat" stays in view: only the list is in the drawer. */}
            {!wide && newChat}
          </div>
          {current ? (
            <ChatPanel key={current.id} stream={current} chat={events} connected={connected} onLeaveComposer={() => document.querySelector<HTMLElement>('.chat-list')?.focus()} />
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
