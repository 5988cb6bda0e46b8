import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { ChatActor, ChatSnapshot } from '../../machines/chat';
import { isEnded, isTyping, type ChatStreamActor } from '../../machines/chatStream';
import { useChatEvents } from './useChat';

const ChatListItem = memo(function ChatListItem({ stream, current, onSelect }: { stream: ChatStreamActor; current: boolean; onSelect: (key: string) => void }) {
  // Small values only: a delta changes none of them, so the list does not re-render while a bot types.
  const title = useSelector(stream, (s) => s.context.title);
  const key = useSelector(stream, (s) => s.context.streamKey);
  const typing = useSelector(stream, isTyping);
  const ended = useSelector(stream, isEnded);
  const reloaded = useSelector(stream, (s) => s.context.endedByReload);
  const unread = useSelector(stream, (s) => s.context.unread);
  return (
    <li>
      <button type="button" className="chat-list-item" aria-current={current ? 'true' : undefined} data-chat-key={key} onClick={() => onSelect(key)}>
        <span className="chat-list-title">{title}</span>
        {/* The spaces keep the button's accessible name readable: "Alpha typing… 1 unread". */}
        {typing && <> <span className="chat-badge">typing…</span></>}
        {ended && <> <span className="chat-badge chat-badge-ended">{reloaded ? 'ended (reloaded)' : 'ended'}</span></>}
        {unread > 0 && <> <span className="chat-badge chat-badge-unread">{unread} unread</span></>}
      </button>
    </li>
  );
});

const selectChats = (s: ChatSnapshot) => s.context.chats;
const selectCurrent = (s: ChatSnapshot) => s.context.currentKey;

export function ChatList({ chat }: { chat: ChatActor }) {
  const chats = useSelector(chat, selectChats);
  const currentKey = useSelector(chat, selectCurrent);
  const { select } = useChatEvents(chat);
  if (chats.length === 0) return <p className="chat-empty">No open chats.</p>;
  return (
    <ul className="chat-list" aria-label="Open chats">
      {chats.map((entry) => (
        <ChatListItem key={entry.streamKey} stream={entry.ref} current={entry.streamKey === currentKey} onSelect={select} />
      ))}
    </ul>
  );
}
