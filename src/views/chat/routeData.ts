import { openChat } from '../../machines/areas/chat';
import type { ChatActor } from '../../machines/chat';
import type { RouteDataOwner } from '../../route';

/** The chat console's actor: the system's chat actor (its chats, each with its stream). */
export function pageActor(owner: RouteDataOwner): ChatActor {
  return openChat(owner);
}

/** No first call: the console connects from its own effect (`ensureConnected`), as the gateway is a socket, not a request. */
export function startRouteData(): void {}
