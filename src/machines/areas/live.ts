import { readCookie } from '../../api/cookies';
import { openLiveSocket } from '../../api/liveSocket';
import { isResourceKey, LIST_ONLY_DEFS, RESOURCE_DEFS } from '../../api/resources';
import { ACTOR_IDS } from '../actorIds';
import { createLiveSocketActor, liveChannelMachine, type LiveChannelActor } from '../liveChannel';
import { liveListMachine, type LiveListActor, type LiveListInput } from '../liveList';
import { ensureSystemActor, releaseSystemActor, type SystemRoot } from '../root';

/**
 * Live lists (issue 30, docs/live-lists.md): the tab's live channel and the lists that hear it.
 * This file is imported dynamically by the list pages' hook (views/actors/useLiveList.ts), so the
 * channel's code arrives when a list first opens, and socket.io-client only when it connects.
 */

export interface LiveOwner {
  root: SystemRoot;
  config: { chatUrl?: string; cookies: { chatSession: string } };
}

/** The tab's channel (systemId `live`), opened on first use and stopped with the session. */
export function openLiveChannel(owner: LiveOwner): LiveChannelActor {
  const { chatUrl = '', cookies } = owner.config;
  return ensureSystemActor<LiveChannelActor>(owner.root, ACTOR_IDS.live, () =>
    liveChannelMachine.provide({
      // The chat session token is read at each attempt: a new sign-in brings a new one.
      actors: { socket: createLiveSocketActor((handlers) => openLiveSocket(chatUrl, readCookie(cookies.chatSession), handlers)) },
    }),
  );
}

/** A list page's live actor (`liveList:<list>`), alive while its page is; `resource` is a section key or `conversations`. */
export function openLiveList(owner: LiveOwner, list: string, input: Omit<LiveListInput, 'channel'>): LiveListActor {
  const channel = openLiveChannel(owner);
  // A section's changes are named by its API path (the same as its key today).
  const resource = isResourceKey(input.resource) ? { ...RESOURCE_DEFS, ...LIST_ONLY_DEFS }[input.resource].path : input.resource;
  return ensureSystemActor<LiveListActor>(owner.root, ACTOR_IDS.liveList(list), () => liveListMachine, { ...input, resource, channel }, 'page');
}

export function closeLiveList(owner: LiveOwner, list: string): void {
  releaseSystemActor(owner.root, ACTOR_IDS.liveList(list));
}
