import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { accountScope, inScope } from '../../auth/accountScope';
import { currentUser } from '../../auth/authenticate';
import { AttemptThrottle } from '../../auth/loginThrottle';
import { requirePermission } from '../../auth/permissions';
import { chatGatewayOf } from '../../chat/gateway';
import { findInstance, hasTable, resolvePersona } from '../../chat/persona';
import { placeOutboundCall } from '../../chat/outboundCall';
import { fieldError, HttpError } from '../errors';
import { idParam, sendRecord } from '../record';
import { booleanish, validateBody } from '../validation';

const callSchema = z.object({
  ClientId: z.string().trim().min(1).max(100),
  suppressHistory: booleanish.optional(),
});

/**
 * Outbound calls one user may place per minute. A real call costs money and rings a stranger's
 * phone: a stolen session or a script looping on this route must not dial hundreds of numbers.
 * Ten a minute is far above what a person clicking "Call" does (one call lasts a while) and
 * still bounds a runaway loop to 600 calls an hour.
 */
export const MAX_CALLS_PER_MINUTE = 10;

/**
 * SPEC §7's outbound call: `POST /v1/conversations/instance/{instanceId}/call/{phone}` with
 * `ClientId` (the caller's chat connection, which receives the progress) and `suppressHistory`.
 * Permission: Chat add — placing a call is an action, so read-only roles (browse/read) may not;
 * the instance must lie in the caller's Instances account scope.
 */
export function callRoutes(ctx: AppContext): Router {
  const router = Router();
  // Keyed by user id alone (not the address): the limit follows the account wherever it calls from.
  const callThrottle = new AttemptThrottle(MAX_CALLS_PER_MINUTE, 60_000);
  router.post('/conversations/instance/:instanceId/call/:phone', requirePermission('Chat', 'add'), (req, res) => {
    const userKey = String(currentUser(req).id);
    const wait = callThrottle.retryAfterSeconds(userKey, undefined);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, `You have placed ${MAX_CALLS_PER_MINUTE} calls in the last minute. Please try again in ${wait} seconds.`);
    }
    const instanceId = idParam(req.params.instanceId, 'Instance not found.');
    const phone = String(req.params.phone ?? '').replace(/\D/g, '');
    if (phone.length < 10 || phone.length > 15) throw fieldError('phone', 'The phone number must have 10 to 15 digits.');
    const input = validateBody(req, callSchema);
    const user = currentUser(req);
    const gateway = chatGatewayOf(ctx);
    if (!gateway) throw new HttpError(503, 'The chat gateway is not running.');
    if (!gateway.clientOf(input.ClientId, user.id)) throw fieldError('ClientId', 'The chat connection was not found; reconnect and try again.');

    // The instances table belongs to another area; until it exists any id names a demo instance.
    let accountId = user.account_id;
    let botId: number | null = null;
    if (hasTable(ctx.db, 'instances')) {
      const instance = findInstance(ctx.db, instanceId);
      if (!instance || !inScope(accountScope(req, 'Instances'), instance.account_id)) throw new HttpError(404, 'Instance not found.');
      accountId = instance.account_id;
      botId = instance.bot_id;
    }
    if (accountId === null) throw fieldError('instanceId', 'The instance has no account.');
    const persona = resolvePersona(ctx.db, { botId }, null);
    // Counted only when a call is placed (a mistyped number costs nothing); the route is synchronous,
    // so parallel requests cannot all pass the check before one is counted.
    callThrottle.hit(userKey, undefined);
    const call = placeOutboundCall(ctx.db, gateway, {
      clientId: input.ClientId, userId: user.id, accountId, instanceId, botId, botName: persona.name, phone, suppressHistory: input.suppressHistory ?? false,
    });
    sendRecord(res, call, 201);
  });
  return router;
}
