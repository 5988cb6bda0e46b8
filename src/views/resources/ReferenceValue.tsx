import type { ReactNode } from 'react';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import { sectionByKey } from '../../sections';
import { InAppLink } from '../common/useLinkClicks';
import { useCan } from '../PortalContext';
import { SECTION_CONFIGS } from './sectionConfigs';
import { referenceId } from './listNames';
import { useLookup, type ReferenceLookup } from './useReferences';

/** The name a linked record goes by (its section's title rule). */
export function referenceName(section: ResourceKey, record: ResourceRecord): string {
  return SECTION_CONFIGS[section].titleOf(record);
}

interface ReferenceProps {
  section: ResourceKey;
  value: unknown;
  lookup?: ReferenceLookup;
}

/**
 * A foreign key as the related record's name, linked to it (react-admin's ReferenceField).
 * Until the name is known, and when it never will be (deleted, another account's, not the
 * user's to see), the id as plain text: "#12".
 */
export function ReferenceValue({ section, value, lookup }: ReferenceProps) {
  const canRead = useCan(sectionByKey(section)?.model ?? null, 'read');
  return referenceNode(section, value, canRead, useLookup(lookup), false);
}

/**
 * The same in a list's cell: whether the user may open the section is worked out once for the
 * page (ListRow's cells), not by a permissions subscription in each of 100 cells; the list's
 * table handles its links' clicks (useLinkClicks), so the link is a plain anchor.
 */
export function ReferenceName({ section, value, canRead }: { section: ResourceKey; value: unknown; canRead: boolean }) {
  return referenceNode(section, value, canRead, useLookup(), true);
}

function referenceNode(section: ResourceKey, value: unknown, canRead: boolean, lookup: ReferenceLookup | undefined, plainLink: boolean): ReactNode {
  const id = referenceId(value);
  if (!id) return <>—</>;
  const entry = lookup?.(section, id);
  if (entry?.state !== 'found') return <span className="reference-id">{`#${id}`}</span>;
  const name = referenceName(section, entry.record);
  if (!canRead) return <>{name}</>;
  const href = `/${section}/${encodeURIComponent(id)}`;
  return plainLink ? <a href={href}>{name}</a> : <InAppLink href={href}>{name}</InAppLink>;
}
