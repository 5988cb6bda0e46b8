import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { connectionStatus, ensureChatActor, type ChatActor, type ChatSnapshot } from '../../machines/chat';
import type { ChatTarget } from '../../machines/chatStream';
import { usePortal } from '../PortalContext';

/** The system's chat actor (spawned by the root on first use). */
export function useChatActor(): ChatActor {
  const portal = usePortal();
  const [chat] = useState(() => ensureChatActor(portal));
  return chat;
}

const selectStatus = (s: ChatSnapshot) => connectionStatus(s);
export function useConnectionStatus(chat: ChatActor) {
  return useSelector(chat, selectStatus);
}

/** Named senders, so components never build event objects. */
export function useChatEvents(chat: ChatActor) {
  return useMemo(
    () => ({
      connect: () => chat.send({ type: 'chat.connect' }),
      open: (title: string, target: ChatTarget) => chat.send({ type: 'chat.open', title, target }),
      select: (streamKey: string) => chat.send({ type: 'chat.select', streamKey }),
      next: () => chat.send({ type: 'chat.next' }),
      previous: () => chat.send({ type: 'chat.previous' }),
      send: (streamKey: string, text: string) => chat.send({ type: 'chat.send', streamKey, text }),
      end: (streamKey: string) => chat.send({ type: 'chat.end', streamKey }),
      close: (streamKey: string) => chat.send({ type: 'chat.close', streamKey }),
    }),
    [chat],
  );
}
