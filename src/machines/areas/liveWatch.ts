import { readCookie } from '../../api/cookies';
import { createLiveWatchApi, openWatchSocket } from '../../api/liveWatch';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createLiveWatchMachine, type LiveWatchActor } from '../liveWatch';
import { ensureSystemActor } from '../root';

/** The live watch of the conversation page (docs/live-watch.md), loaded with that page. */

export interface LiveWatchOwner extends AreaOwner {
  config: { chatUrl?: string; cookies: { chatSession: string } };
}

/** The system's live-watch actor (systemId `liveWatch`): the page starts and stops it per conversation. */
export function openLiveWatch(owner: LiveWatchOwner): LiveWatchActor {
  const api = createLiveWatchApi(owner.http);
  const { chatUrl = '', cookies } = owner.config;
  return ensureSystemActor<LiveWatchActor>(owner.root, ACTOR_IDS.liveWatch, () =>
    createLiveWatchMachine({
      status: (conversationId, signal) => api.status(conversationId, signal),
      watch: (conversationId, report) => {
        let closed = false;
        let close = () => {};
        openWatchSocket(chatUrl, readCookie(cookies.chatSession), conversationId, {
          answered: (outcome) => report({ type: 'watch.answered', outcome }),
          event: (event) => report({ type: 'watch.event', event }),
          lost: (reason) => report({ type: 'watch.lost', reason }),
        }).then(
          (connection) => {
            if (closed) connection.close();
            else close = () => connection.close();
          },
          () => report({ type: 'watch.lost', reason: 'The chat client could not be loaded.' }),
        );
        return () => {
          closed = true;
          close();
        };
      },
    }),
  );
}
