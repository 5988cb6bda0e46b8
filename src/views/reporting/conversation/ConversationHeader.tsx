import './review.css';
import type { Conversation } from '../../../api/schemas/reporting';
import { formatPhoneElsewhere } from '../../../format/phone';
import { Timestamp } from '../../common/Timestamp';
import { Grade } from '../Grade';
import { clockOf } from './transcriptTimes';

/** Who the conversation was with: the contact's name, else the caller's number, else the channel. */
export function conversationTitle(c: Conversation): string {
  const kind = c.channel === 'voice' ? 'Call' : 'Chat';
  const who = c.contact_name ?? (c.phone_number ? formatPhoneElsewhere(c.phone_number) : null);
  return who ? `${kind} with ${who}` : `${kind} ${c.uuid.slice(0, 8)}`;
}

/**
 * The page's one header: who, direction and channel, when, how long, grade, disposition and
 * account (the shell's breadcrumbs lead back to the list).
 */
export function ConversationHeader({ conversation: c }: { conversation: Conversation }) {
  return (
    <header className="conversation-header">
      <h1>{conversationTitle(c)}</h1>
      <dl className="conversation-facts">
        <div><dt>Direction</dt><dd>{`${c.direction === 'outbound' ? 'Outbound' : 'Inbound'} ${c.channel === 'voice' ? 'call' : 'chat'}`}</dd></div>
        <div><dt>Started</dt><dd><Timestamp value={c.started_at} /></dd></div>
        <div><dt>Length</dt><dd>{clockOf(c.duration_seconds)}</dd></div>
        <div><dt>Grade</dt><dd><Grade grade={c.letter_grade} /></dd></div>
        <div><dt>Disposition</dt><dd>{c.disposition_label ?? 'None'}</dd></div>
        <div><dt>Account</dt><dd>{c.account_name ?? c.account_id}</dd></div>
        {c.status !== 'completed' && <div><dt>Status</dt><dd>{c.status}</dd></div>}
      </dl>
    </header>
  );
}
