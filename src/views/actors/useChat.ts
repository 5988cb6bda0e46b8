import { useSelector } from '@xstate/react';
import { callApi, type CallActorApi } from '../../machines/call.api';
import type { CallActor, CallSnapshot } from '../../machines/call';
import { chatApi, chatStreamApi, type ChatActorApi, type ChatStreamActorApi } from '../../machines/chat.api';
import type { ChatActor, ChatSnapshot } from '../../machines/chat';
import type { ChatStreamActor, ChatStreamSnapshot } from '../../machines/chatStream';
import { useActorApi } from './useActorApi';

/** The chat actor's named senders (`connect`, `open`, `send`, `markCall`, …), stable per actor. */
export function useChat(chat: ChatActor): ChatActorApi {
  return useActorApi(chat, chatApi);
}

/** A read of the chat actor: pass one of `chatSelectors` (machines/chat.api.ts). */
export function useChatState<T>(chat: ChatActor, select: (snapshot: ChatSnapshot) => T): T {
  return useSelector(chat, select);
}

/** One chat's named senders (`draft`). */
export function useChatStream(stream: ChatStreamActor): ChatStreamActorApi {
  return useActorApi(stream, chatStreamApi);
}

export function useChatStreamState<T>(stream: ChatStreamActor, select: (snapshot: ChatStreamSnapshot) => T): T {
  return useSelector(stream, select);
}

/** The outbound call's named senders (`place`, `reset`). */
export function useCall(call: CallActor): CallActorApi {
  return useActorApi(call, callApi);
}

export function useCallState<T>(call: CallActor, select: (snapshot: CallSnapshot) => T): T {
  return useSelector(call, select);
}
