import { connectionState, type ChatActor, type ChatSnapshot } from './chat';
import { isEnded, type ChatStreamActor, type ChatStreamSnapshot, type ChatTarget } from './chatStream';

/**
 * The chat actor's named API: what the console, the call form and the palette may ask of it.
 * Pure (no React): views memoise it per actor with `useActorApi(chat, chatApi)`, tests call it on a bare actor.
 */
export function chatApi(chat: ChatActor) {
  return {
    connect: () => chat.send({ type: 'chat.connect' }),
    /** Connects unless a connection is up or on its way (the console and the call form on mount). */
    ensureConnected: () => {
      if (connectionState(chat.getSnapshot()) === 'disconnected') chat.send({ type: 'chat.connect' });
    },
    open: (title: string, target: ChatTarget) => chat.send({ type: 'chat.open', title, target }),
    select: (streamKey: string) => chat.send({ type: 'chat.select', streamKey }),
    next: () => chat.send({ type: 'chat.next' }),
    previous: () => chat.send({ type: 'chat.previous' }),
    send: (streamKey: string, text: string) => chat.send({ type: 'chat.send', streamKey, text }),
    end: (streamKey: string) => chat.send({ type: 'chat.end', streamKey }),
    close: (streamKey: string) => chat.send({ type: 'chat.close', streamKey }),
    /** This stream carries an outbound call's progress: the console shows it as a call. */
    markCall: (streamKey: string) => chat.send({ type: 'chat.markCall', streamKey }),
  };
}

export type ChatActorApi = ReturnType<typeof chatApi>;

/** Reads of the chat actor for `useSelector` (module-level, so they are stable). */
export const chatSelectors = {
  connection: (s: ChatSnapshot) => connectionState(s),
  connected: (s: ChatSnapshot) => connectionState(s) === 'connected',
  clientId: (s: ChatSnapshot) => s.context.clientId,
  currentKey: (s: ChatSnapshot) => s.context.currentKey,
  count: (s: ChatSnapshot) => s.context.chats.length,
  current: (s: ChatSnapshot) => s.context.chats.find((c) => c.streamKey === s.context.currentKey)?.ref ?? null,
};

/** One chat's named API: its composer's draft lives in the chat's actor. */
export function chatStreamApi(stream: ChatStreamActor) {
  return {
    draft: (text: string) => stream.send({ type: 'stream.draft', text }),
  };
}

export type ChatStreamActorApi = ReturnType<typeof chatStreamApi>;

export const chatStreamSelectors = {
  draft: (s: ChatStreamSnapshot) => s.context.draft,
  title: (s: ChatStreamSnapshot) => s.context.title,
  ended: (s: ChatStreamSnapshot) => isEnded(s),
};
