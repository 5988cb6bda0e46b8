import { formatTimestamp } from '../../format/timestamp';
import { InAppLink } from '../common/useLinkClicks';
import { useTimeZone } from '../common/TimeZone';
import { useCan } from '../PortalContext';
import { useLookup, type ReferenceLookup } from './useReferences';

/** A uuid's last group: what tells conversations apart (sequential uuids share their start). */
export const shortUuid = (uuid: string): string => uuid.split('-').at(-1) ?? uuid;

/** What a conversation is to a person: who, which channel, when (the uuid's end tells twins apart). */
export function conversationLabel(c: Record<string, unknown>, timeZone?: string): string {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const who = text(c.contact_name) ?? text(c.phone_number) ?? text(c.bot_name) ?? 'Unknown contact';
  const when = text(c.started_at);
  return `${who} · ${String(c.channel ?? '')} ${String(c.direction ?? '')} · ${when ? formatTimestamp(when, undefined, undefined, timeZone) : '—'} · …${shortUuid(String(c.uuid ?? ''))}`;
}

/**
 * A conversation's uuid as a link to its report, named by who and when once the page's one lookup
 * of its conversations knows it ("Conversation …{uuid end}" until then, or if it never will).
 */
export function ConversationLink({ uuid, lookup: given }: { uuid: unknown; lookup?: ReferenceLookup }) {
  const canRead = useCan('Reporting', 'browse');
  const lookup = useLookup(given);
  const timeZone = useTimeZone();
  if (typeof uuid !== 'string' || uuid.trim() === '') return <>—</>;
  const entry = lookup?.('conversations', uuid);
  const text = entry?.state === 'found' ? conversationLabel(entry.record, timeZone) : `Conversation …${shortUuid(uuid)}`;
  if (!canRead) return <span title={uuid}>{text}</span>;
  return (
    <InAppLink href={`/reporting/conversations/${encodeURIComponent(uuid)}`} title={uuid}>
      {text}
    </InAppLink>
  );
}
