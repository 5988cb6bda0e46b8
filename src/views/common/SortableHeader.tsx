import './sortableHeader.css';

export type SortDirection = 'ascending' | 'descending';

/** How `sort` (`key` ascending, `-key` descending) orders the column `key`, if at all. */
export function sortDirectionOf(sort: string | undefined, key: string): SortDirection | undefined {
  return sort === key ? 'ascending' : sort === `-${key}` ? 'descending' : undefined;
}

/**
 * THE sortable column header of every table: `aria-sort`, and an indicator that is always there
 * (↕ until sorted, then ▲/▼), hidden from assistive tech, which reads `aria-sort` instead.
 */
export function SortableHeader({ label, direction, onSort, className }: { label: string; direction: SortDirection | undefined; onSort: () => void; className?: string }) {
  return (
    <th scope="col" className={className} aria-sort={direction ?? 'none'}>
      <button type="button" className="sort" onClick={onSort}>
        {label}
        <span aria-hidden="true" className={direction ? 'sort-indicator' : 'sort-indicator is-idle'}>
          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
        </span>
      </button>
    </th>
  );
}
