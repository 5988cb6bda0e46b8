import { Link } from 'wouter';
import { useCan } from '../PortalContext';

/** A uuid's last group: what tells conversations apart (sequential uuids share their start). */
export const shortUuid = (uuid: string): string => uuid.split('-').at(-1) ?? uuid;

/** A conversation's uuid as a link to its report (the accessible name is the visible text). */
export function ConversationLink({ uuid }: { uuid: unknown }) {
  const canRead = useCan('Reporting', 'browse');
  if (typeof uuid !== 'string' || uuid.trim() === '') return <>—</>;
  const text = `Conversation …${shortUuid(uuid)}`;
  if (!canRead) return <span title={uuid}>{text}</span>;
  return (
    <Link href={`/reporting/conversations/${encodeURIComponent(uuid)}`} title={uuid}>
      {text}
    </Link>
  );
}
