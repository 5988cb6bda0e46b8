import { useSelector } from '@xstate/react';
import { memo, useEffect, useState, type KeyboardEvent } from 'react';
import { formatTimestamp } from '../../format/timestamp';
import type { ChatActor } from '../../machines/chat';
import { isEnded, isTyping, type ChatStreamActor, type ChatStreamSnapshot } from '../../machines/chatStream';
import { usePortal } from '../PortalContext';
import { useTimeZone } from '../common/TimeZone';

/** A chat's list id: the listbox points at the current one with aria-activedescendant. */
export const chatOptionId = (streamKey: string) => `chat-option-${streamKey}`;

const selectLastLine = (s: ChatStreamSnapshot) => {
  const last = s.context.transcript.at(-1);
  return last ? (last.kind === 'message' ? last.msg : last.text) : '';
};
const selectInterrupted = (s: ChatStreamSnapshot) => {
  const last = s.context.transcript.filter((e) => e.kind === 'message').at(-1);
  return last?.kind === 'message' && last.interrupted === true;
};

/** A clock for "4 min ago": ticks twice a minute, not per delta. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const ChatOption = memo(function ChatOption({ stream, current, now, onSelect }: { stream: ChatStreamActor; current: boolean; now: number; onSelect: (key: string) => void }) {
  // Small values only: a delta changes none of them, so the list does not re-render while a bot types.
  const title = useSelector(stream, (s) => s.context.title);
  const key = useSelector(stream, (s) => s.context.streamKey);
  const typing = useSelector(stream, isTyping);
  const ended = useSelector(stream, isEnded);
  const reloaded = useSelector(stream, (s) => s.context.endedByReload);
  const unread = useSelector(stream, (s) => s.context.unread);
  const lastLine = useSelector(stream, selectLastLine);
  const interrupted = useSelector(stream, selectInterrupted);
  const activity = useSelector(stream, (s) => s.context.lastActivityAt);
  const kind = useSelector(stream, (s) => s.context.kind);
  const accountId = useSelector(stream, (s) => s.context.target.accountId);
  const { accountFilter } = usePortal();
  const account = useSelector(accountFilter, (s) => (accountId ? (s.context.accounts.find((a) => String(a.id) === accountId)?.name ?? `Account ${accountId}`) : null));
  const state = ended ? (reloaded ? 'ended (reloaded)' : 'ended') : interrupted ? 'interrupted' : 'live';
  const timeZone = useTimeZone();
  // SPEC §9's one rule, as every other time: a chat from 23:00 yesterday reads "Yesterday".
  const when = activity ? formatTimestamp(activity, new Date(now), undefined, timeZone) : '';
  return (
    <li
      id={chatOptionId(key)}
      role="option"
      aria-selected={current}
      className={`chat-list-item chat-list-${state.split(' ')[0]}`}
      data-chat-key={key}
      onClick={() => onSelect(key)}
    >
      <span className="chat-list-top">
        <span className="chat-list-title">{title}</span>{' '}
        {activity && (
          <time className="chat-list-time" dateTime={activity}>
            {when}
          </time>
        )}
      </span>{' '}
      <span className="chat-list-meta">
        {kind === 'call' ? 'Call' : 'Chat'}
        {account && <> · {account}</>}
        {' · '}
        <span className={`chat-state chat-state-${state.split(' ')[0]}`}>{state}</span>
        {typing && <> · typing…</>}
        {unread > 0 && (
          <>
            {' '}
            <span className="chat-badge chat-badge-unread">{unread} unread</span>
          </>
        )}
      </span>{' '}
      {lastLine && <span className="chat-list-last">{lastLine}</span>}
    </li>
  );
});

/**
 * The open chats as an inbox, most recent activity first: a listbox (↑/↓, Home/End move and
 * switch; Enter goes to the composer). `order` is the visual order, which Alt+↑/↓ follows too.
 */
export function ChatList({
  chat,
  order,
  currentKey,
  onSelect,
  onPick,
  onEnter,
}: {
  chat: ChatActor;
  order: string[];
  currentKey: string | null;
  /** ↑/↓ in the list: switch, staying in the list. */
  onSelect: (key: string) => void;
  /** A click: switch and go to the composer. */
  onPick: (key: string) => void;
  onEnter: () => void;
}) {
  const chats = useSelector(chat, (s) => s.context.chats);
  const now = useNow();
  if (chats.length === 0) return <p className="chat-empty">No open chats.</p>;
  const refs = new Map(chats.map((c) => [c.streamKey, c.ref]));
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Math.max(0, order.indexOf(currentKey ?? ''));
    const target: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: order.length - 1 };
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
      return;
    }
    const next = target[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = order[Math.min(order.length - 1, Math.max(0, next))];
    if (key) onSelect(key);
  };
  return (
    <ul className="chat-list" role="listbox" aria-label="Open chats" tabIndex={0} aria-activedescendant={currentKey ? chatOptionId(currentKey) : undefined} onKeyDown={onKeyDown}>
      {order.map((key) => {
        const ref = refs.get(key);
        return ref ? <ChatOption key={key} stream={ref} current={key === currentKey} now={now} onSelect={onPick} /> : null;
      })}
    </ul>
  );
}
