import { Router } from 'express';
import type { AppContext } from '../../../context';
import { watchableConversation } from '../../../chat/liveWatch';
import { notFound, unauthenticated, unauthorized } from '../../errors';
import { sendRecord } from '../../record';

/**
 * GET /api/v1/reporting/conversations/:id/live (docs/live-watch.md): whether the caller may watch
 * this conversation and whether it is live now. 403 without Live-Watch read, 404 for an unknown
 * conversation or another account's. The portal asks it first: a backend without it (404/405)
 * leaves the conversation page as it was. The events themselves come over the chat gateway.
 */
export function liveWatchRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/reporting/conversations/:id/live', (req, res) => {
    if (!req.auth) throw unauthenticated();
    const found = watchableConversation(ctx.db, req.auth.user.id, String(req.params.id ?? ''));
    if (found === 'forbidden') throw unauthorized();
    if (found === 'not-found') throw notFound('Conversation not found.');
    sendRecord(res, { uuid: found.uuid, channel: found.channel, live: found.live, watch: { event: 'conversation-watch', messages: 'conversation-watch-message' } });
  });
  return router;
}
