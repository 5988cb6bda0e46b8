import { randomUUID } from 'node:crypto';
import type { Database } from '../db/connection';
import { nowIso } from '../db/connection';
import { formatPhone } from '../../src/format/phone';
import type { ChatGateway } from './gateway';

export interface OutboundCall {
  id: number;
  uuid: string;
  stream_key: string;
  status: 'active';
  channel: 'voice';
  direction: 'outbound';
  instance_id: number;
  bot_id: number | null;
  phone_number: string;
  started_at: string;
}

/**
 * The reference API's simulated outbound call: a conversation row (voice, outbound, active) and
 * its progress reported to the caller's socket as `system` events on a new stream key
 * (dialing → ringing → answered → completed, then terminate), the row completed at the end.
 * `suppressHistory` keeps the call's transcript lines out of the console: progress only.
 */
export function placeOutboundCall(
  db: Database,
  gateway: ChatGateway,
  input: { clientId: string; userId: number; accountId: number; instanceId: number; botId: number | null; botName: string; phone: string; suppressHistory: boolean },
): OutboundCall {
  const uuid = randomUUID();
  const startedAt = nowIso();
  const id = Number(
    db
      .prepare(`INSERT INTO conversations (uuid, account_id, instance_id, bot_id, channel, direction, status, phone_number, started_at)
                VALUES (?, ?, ?, ?, 'voice', 'outbound', 'active', ?, ?)`)
      .run(uuid, input.accountId, input.instanceId, input.botId, input.phone, startedAt).lastInsertRowid,
  );
  const shown = formatPhone(input.phone);
  const steps = gateway.options.callSteps;
  const complete = () => {
    const seconds = Math.max(1, Math.round((steps.completed - steps.answered) / 1000));
    db.prepare("UPDATE conversations SET status = 'completed', ended_at = ?, duration_seconds = ?, updated_at = ? WHERE id = ? AND status = 'active'")
      .run(nowIso(), seconds, nowIso(), id);
  };
  const transcript = input.suppressHistory
    ? []
    : [
        { atMs: steps.answered + 1, event: { type: 'message' as const, role: 'bot' as const, msg: `Hello, this is ${input.botName} calling. Is this a good time?` } },
        { atMs: steps.answered + 2, event: { type: 'message' as const, role: 'user' as const, msg: 'Yes, go ahead.' } },
      ];
  gateway.runScript({ clientId: input.clientId, userId: input.userId, streamKey: `call-${uuid}`, title: `Call to ${shown}`, conversationUuid: uuid }, [
    { atMs: 0, event: { type: 'system', text: `Dialing ${shown}…` } },
    { atMs: steps.ringing, event: { type: 'system', text: 'Ringing…' } },
    { atMs: steps.answered, event: { type: 'system', text: 'Answered.' } },
    ...transcript,
    { atMs: steps.completed, event: { type: 'system', text: 'Call completed.' }, run: complete },
    { atMs: steps.completed + 1, event: { type: 'terminate' } },
  ]);
  return { id, uuid, stream_key: `call-${uuid}`, status: 'active', channel: 'voice', direction: 'outbound', instance_id: input.instanceId, bot_id: input.botId, phone_number: input.phone, started_at: startedAt };
}
