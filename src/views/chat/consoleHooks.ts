import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { ChatActor, ChatSnapshot } from '../../machines/chat';
import { isEnded, type ChatStreamActor } from '../../machines/chatStream';

/** The chat console's own view state: the chats' order, and the question before leaving live chats. */

const activityOf = (ref: ChatStreamActor) => ref.getSnapshot().context.lastActivityAt ?? '';

/**
 * The chats' visual order, most recent activity first (the inbox, and where Alt+↑/↓ go). Recomputed
 * when a chat opens or closes and when any chat's last activity moves — never per delta.
 */
export function useChatOrder(chat: ChatActor): string[] {
  const chats = useSelector(chat, (s) => s.context.chats);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const subscriptions = chats.map(({ ref }) => {
      let last = activityOf(ref);
      return ref.subscribe((snapshot) => {
        const now = snapshot.context.lastActivityAt ?? '';
        if (now !== last) {
          last = now;
          setVersion((v) => v + 1);
        }
      });
    });
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [chats]);
  return useMemo(
    () => {
      void version;
      return chats
        .map((c, index) => ({ key: c.streamKey, at: activityOf(c.ref), index }))
        .sort((a, b) => b.at.localeCompare(a.at) || b.index - a.index)
        .map((c) => c.key);
    },
    [chats, version],
  );
}

// A gateway that keeps the chats loses nothing when the tab goes: nothing to ask.
const isLive = (s: ChatSnapshot) => s.context.sessions !== 'supported' && s.context.chats.some((c) => !isEnded(c.ref.getSnapshot()));

/** Leaving the page (closing the tab, going elsewhere) with live chats only this tab holds asks first. */
export function useLeaveGuard(chat: ChatActor): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isLive(chat.getSnapshot())) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [chat]);
}
