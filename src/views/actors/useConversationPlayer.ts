import { useSelector } from '@xstate/react';
import type { ConversationPlayerActor, ConversationPlayerSnapshot } from '../../machines/conversationPlayer';
import { conversationPlayerApi } from '../../machines/conversationPlayer.api';
import { useActorApi } from './useActorApi';

/** The recording player's named senders (the page holds the player and hands it down). */
export function useConversationPlayer(player: ConversationPlayerActor) {
  return useActorApi(player, conversationPlayerApi);
}
/** A read of the player: pass one of `conversationPlayerSelectors` (or a function of the snapshot). */
export function useConversationPlayerState<T>(player: ConversationPlayerActor, select: (s: ConversationPlayerSnapshot) => T): T {
  return useSelector(player, select);
}
