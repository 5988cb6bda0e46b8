import { memo } from 'react';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import type { ResourceActor } from '../../machines/resource';
import { ConversationLink } from './ConversationLink';
import { DeleteRecordButton } from './DeleteRecordButton';
import { choicesOf, DisplayValue, shownText } from './display';
import { ReferenceValue } from './ReferenceValue';
import { rowLinkName } from './rowLinkName';
import type { Choice, Column, SectionConfig } from './sectionConfig';
import { referencedSection, type ReferenceLookup } from './useReferences';

/** A column with what its cells need, worked out once for the page instead of once a cell. */
export interface ListCell {
  column: Column;
  choices: Choice[] | undefined;
  referenced: ResourceKey | null;
}

export function listCells(config: SectionConfig, columns: Column[]): ListCell[] {
  return columns.map((column) => ({ column, choices: choicesOf(config, column.key), referenced: referencedSection(config, column.key) ?? null }));
}

interface ListRowProps {
  section: ResourceKey;
  config: SectionConfig;
  cells: ListCell[];
  row: ResourceRecord;
  /** Whose the row is, repeated in its key cell on a phone (the Account column scrolls away there); null when not shown. */
  accountLabel: string | null;
  lookup: ReferenceLookup;
  canEdit: boolean;
  canDelete: boolean;
  resource: ResourceActor;
}

/**
 * One row of a resource list. Memoised: a row renders again only when its record, its columns or
 * the names it links to change, not when the list shows "Loading…" or the next page's answer
 * arrives for other rows. Its links are plain anchors; the table handles their clicks
 * (useLinkClicks).
 */
export const ListRow = memo(function ListRow({ section, config, cells, row, accountLabel, lookup, canEdit, canDelete, resource }: ListRowProps) {
  const title = config.titleOf(row);
  const cellOf = ({ column, choices, referenced }: ListCell) => {
    if (referenced) return <ReferenceValue section={referenced} value={row[column.key]} lookup={lookup} />;
    if (column.key === 'conversation_uuid') return <ConversationLink uuid={row[column.key]} lookup={lookup} />;
    return <DisplayValue value={row[column.key]} format={column.format} choices={choices} />;
  };
  return (
    <tr>
      {cells.map((cell, index) => (
        <td key={cell.column.key}>
          {index === 0 ? (
            <>
              <a href={`/${section}/${row.id}`} aria-label={rowLinkName(shownText(row[cell.column.key], cell.column.format, cell.choices), title)}>
                <DisplayValue value={row[cell.column.key]} format={cell.column.format} choices={cell.choices} />
              </a>
              {/* The column itself is what assistive tech reads. */}
              {accountLabel !== null && <span className="row-account" aria-hidden="true">{accountLabel}</span>}
            </>
          ) : (
            cellOf(cell)
          )}
        </td>
      ))}
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
