import type { ResourceKey, ResourceRecord } from '../../api/resources';
import { sectionByKey } from '../../sections';
import { InAppLink } from '../common/useLinkClicks';
import { useCan } from '../PortalContext';
import { SECTION_CONFIGS } from './sectionConfigs';
import { referenceId, useLookup, type ReferenceLookup } from './useReferences';

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
  return <ReferenceName section={section} value={value} lookup={lookup} canRead={canRead} />;
}

/**
 * The same in a list's cell: whether the user may open the section is worked out once for the
 * page (ListRow's cells), not by a permissions subscription in each of 100 cells.
 */
export function ReferenceName({ section, value, lookup: given, canRead }: ReferenceProps & { canRead: boolean }) {
  const lookup = useLookup(given);
  const id = referenceId(value);
  if (!id) return <>—</>;
  const entry = lookup?.(section, id);
  if (entry?.state !== 'found') return <span className="reference-id">{`#${id}`}</span>;
  const name = referenceName(section, entry.record);
  return canRead ? <InAppLink href={`/${section}/${encodeURIComponent(id)}`}>{name}</InAppLink> : <>{name}</>;
}
