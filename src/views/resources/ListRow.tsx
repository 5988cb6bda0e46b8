import { memo } from 'react';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import type { ResourceActor } from '../../machines/resource';
import { useTimeZone } from '../common/TimeZone';
import { ConversationLink } from './ConversationLink';
import { DeleteRecordButton } from './DeleteRecordButton';
import { choicesOf, displayNode, shownText } from './display';
import { ReferenceName, referenceName } from './ReferenceValue';
import { rowLinkName } from './rowLinkName';
import { LiveMarkBadge } from '../common/LiveMarks';
import type { LiveMark } from '../../machines/liveList';
import type { Permissions } from '../../api/schemas/permissions';
import { can } from '../../machines/permissions';
import { sectionByKey } from '../../sections';
import type { Choice, Column, SectionConfig } from './sectionConfig';
import { referencedSection } from './listNames';
import { useLookup } from './useReferences';

/** A column with what its cells need, worked out once for the page instead of once a cell. */
export interface ListCell {
  column: Column;
  choices: Choice[] | undefined;
  referenced: ResourceKey | null;
  /** The user may open the referenced section's records (its names link there). */
  canReadReferenced: boolean;
}

export function listCells(config: SectionConfig, columns: Column[], permissions: Permissions | null | undefined): ListCell[] {
  return columns.map((column) => {
    const referenced = referencedSection(config, column.key) ?? null;
    return { column, choices: choicesOf(config, column.key), referenced, canReadReferenced: referenced !== null && can(permissions, sectionByKey(referenced)?.model ?? null, 'read') };
  });
}

interface ListRowProps {
  section: ResourceKey;
  config: SectionConfig;
  cells: ListCell[];
  row: ResourceRecord;
  /** Whose the row is, repeated in its key cell on a phone (the Account column scrolls away there). */
  showsAccount: boolean;
  canEdit: boolean;
  canDelete: boolean;
  resource: ResourceActor;
  /** Picked for a bulk action (issue 30). */
  selected: boolean;
  /** Ticks or unticks the row (stable across renders: the row is memoised). */
  onToggle: (row: ResourceRecord) => void;
  /** Brought by a live refresh (issue 30): created or changed elsewhere since the list was shown. */
  mark?: LiveMark | undefined;
}

/**
 * One row of a resource list. Memoised: a row renders again only when its record, its columns or
 * its columns change, not when the list shows "Loading…" or when the names it links to arrive (the
 * cells that show them read the list's lookup from context). Its links are plain anchors; the
 * table handles their clicks (useLinkClicks).
 */
export const ListRow = memo(function ListRow({ section, config, cells, row, showsAccount, canEdit, canDelete, resource, selected, onToggle, mark }: ListRowProps) {
  const title = config.titleOf(row);
  const timeZone = useTimeZone();
  const cellOf = ({ column, choices, referenced, canReadReferenced }: ListCell) => {
    if (referenced) return <ReferenceName section={referenced} value={row[column.key]} canRead={canReadReferenced} />;
    if (column.key === 'conversation_uuid') return <ConversationLink uuid={row[column.key]} />;
    return displayNode(row[column.key], column.format, choices);
  };
  return (
    <tr className={[selected ? 'is-selected' : '', mark ? `is-live-${mark}` : ''].filter(Boolean).join(' ') || undefined}>
      {!config.readOnly && (
        <td className="row-select">
          <input type="checkbox" aria-label={`Select ${title}`} checked={selected} onChange={() => onToggle(row)} />
        </td>
      )}
      {cells.map((cell, index) =>
        // A read-only list has no record pages: its key cell names the row instead of linking to it.
        index === 0 && config.readOnly ? (
          <th key={cell.column.key} scope="row">
            {displayNode(row[cell.column.key], cell.column.format, cell.choices)}
            {mark && <LiveMarkBadge mark={mark} />}
            {showsAccount && <RowAccount accountId={row.account_id} />}
          </th>
        ) : (
          <td key={cell.column.key}>
            {index === 0 ? (
              <>
                <a href={`/${section}/${row.id}`} aria-label={rowLinkName(shownText(row[cell.column.key], cell.column.format, cell.choices, timeZone), title)}>
                  {displayNode(row[cell.column.key], cell.column.format, cell.choices)}
                </a>
                {mark && <LiveMarkBadge mark={mark} />}
                {/* The column itself is what assistive tech reads. */}
                {showsAccount && <RowAccount accountId={row.account_id} />}
              </>
            ) : (
              cellOf(cell)
            )}
          </td>
        ),
      )}
      {(canEdit || canDelete) && (
        <td className="row-actions">
          {canEdit && (
            <a href={`/${section}/${row.id}/edit`} aria-label={`Edit ${title}`}>
              Edit
            </a>
          )}
          {canDelete && <DeleteRecordButton resource={resource} record={row} title={title} singular={config.singular} compact />}
        </td>
      )}
    </tr>
  );
});

/** The row's account by name ("#3" until known), for the key cell on a phone. */
function RowAccount({ accountId }: { accountId: unknown }) {
  const entry = useLookup()?.('accounts', accountId);
  return (
    <span className="row-account" aria-hidden="true">
      {entry?.state === 'found' ? referenceName('accounts', entry.record) : `#${String(accountId)}`}
    </span>
  );
}
