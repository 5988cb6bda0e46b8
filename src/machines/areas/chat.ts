import { createCallsApi, type Target } from '../../api/calls';
import { readCookie } from '../../api/cookies';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { chatMachine, createChatSocketActor, type ChatActor, type ChatInput } from '../chat';
import { createChatStore, keepChatsStored, type ChatStore } from '../chatPersistence';
import { createOperation, type OperationActor } from '../operation';
import { ensureSystemActor, type SystemRoot } from '../root';

/** Live chat and what a chat or call can target, loaded with the chat console or an outbound call form. */

export interface ChatOwner {
  root: SystemRoot;
  config: { chatUrl?: string; cookies: { chatSession: string } };
}

/** The signed-in user's id, read from the system's auth actor: stored chats belong to one user. */
function signedInUser(root: SystemRoot): string | null {
  const snapshot = root.system.get(ACTOR_IDS.auth)?.getSnapshot() as { context?: { user?: { id?: unknown } | null } } | undefined;
  const id = snapshot?.context?.user?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function browserChatStore(): ChatStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : createChatStore(sessionStorage);
  } catch {
    return undefined; // storage refused (privacy settings): chats simply do not survive a reload
  }
}

/**
 * The system's chat actor (systemId `chat`), spawned by the root on first use of live chat and the
 * same one every time after. The chat session token is read at each connection attempt: a new
 * sign-in brings a new one. Its chats are kept in `store` (sessionStorage in a browser): after a
 * reload they come back and are resumed on the gateway at the first connection.
 */
export function openChat(
  portal: ChatOwner,
  store: ChatStore | undefined = browserChatStore(),
): ChatActor {
  const { chatUrl = '', cookies } = portal.config;
  const existing = portal.root.system.get(ACTOR_IDS.chat) as ChatActor | undefined;
  if (existing) return existing;
  const owner = () => signedInUser(portal.root);
  const user = owner();
  const input: ChatInput = { restored: store && user !== null ? store.load(user) : null };
  const chat = ensureSystemActor<ChatActor>(
    portal.root,
    ACTOR_IDS.chat,
    () => chatMachine.provide({ actors: { socket: createChatSocketActor({ url: chatUrl, token: () => readCookie(cookies.chatSession) }) } }),
    input,
  );
  if (store) keepChatsStored(chat, store, { owner, target: typeof window === 'undefined' ? undefined : window });
  return chat;
}

export type TargetKind = 'bots' | 'instances';

/** The bots or instances a chat or call can target (an operation whose output is `Target[]`). */
export function openTargets(owner: AreaOwner, kind: TargetKind): OperationActor {
  return ensureSystemActor<OperationActor>(
    owner.root,
    ACTOR_IDS.targets(kind),
    () => {
      const api = createCallsApi(owner.http);
      return createOperation((_input: void, signal): Promise<Target[]> => (kind === 'bots' ? api.listBots(signal) : api.listInstances(signal)));
    },
    { summary: kind === 'bots' ? 'Error Loading Bots' : 'Error Loading Instances' },
  );
}

