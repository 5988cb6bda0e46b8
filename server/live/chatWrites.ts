import type { AppContext } from '../context';
import { liveHubOf } from './registry';
import { findLiveRecord } from './records';
import { CONVERSATIONS } from './resources';

/**
 * The gateway's hook (one line in chat/gateway.ts `emit`): a chat's first event means its
 * conversation was created; `terminate` means a chat or call ended (its conversation completed).
 * Other events (lines of the transcript) change nothing a conversations list shows.
 */
export function announceChatEvent(ctx: AppContext, streamKey: string, seq: number, type: string): void {
  const ended = type === 'terminate';
  if (!ended && seq !== 1) return;
  const hub = liveHubOf(ctx);
  if (!hub) return;
  // A call's stream is `call-<uuid>` (its creation is announced by the call's HTTP route).
  const record = streamKey.startsWith('call-')
    ? ended
      ? findLiveRecord(ctx.db, CONVERSATIONS, streamKey.slice('call-'.length))
      : null
    : chatConversation(ctx, streamKey);
  if (record) hub.publish({ live: CONVERSATIONS, kind: ended ? 'updated' : 'created', accountId: record.accountId, ids: [record.id] });
}

function chatConversation(ctx: AppContext, streamKey: string) {
  const row = ctx.db
    .prepare('SELECT c.uuid AS id, c.account_id FROM chat_sessions s JOIN conversations c ON c.id = s.conversation_id WHERE s.stream_key = ?')
    .get(streamKey) as { id: string; account_id: number | null } | undefined;
  return row ? { id: row.id, accountId: row.account_id } : null;
}
