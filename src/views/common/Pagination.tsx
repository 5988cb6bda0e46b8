import { useId } from 'react';
import type { ListMeta } from '../../api/envelope';
import { ROWS_PER_PAGE } from './pageSize';
import './pagination.css';


/**
 * THE pagination of a list whose page and page size live in the URL: "Page X of Y", previous and
 * next, and rows per page. Disabled while the list loads, so a double click never skips a page.
 */
export function Pagination({ meta, onPage, onShow, label = 'Pagination', busy = false }: { meta: ListMeta; onPage: (page: number) => void; onShow?: (show: number) => void; label?: string; busy?: boolean }) {
  const showId = useId();
  if (meta.total === 0) return null;
  return (
    <nav className="list-pagination" aria-label={label}>
      {meta.last_page > 1 && (
        <>
          <button type="button" className="button" disabled={meta.current_page <= 1 || busy} onClick={() => onPage(meta.current_page - 1)}>
            Previous page
          </button>
          <span>
            Page {meta.current_page} of {meta.last_page}
          </span>
          <button type="button" className="button" disabled={meta.current_page >= meta.last_page || busy} onClick={() => onPage(meta.current_page + 1)}>
            Next page
          </button>
        </>
      )}
      {onShow && (
        <span className="rows-per-page">
          <label htmlFor={showId}>Rows per page</label>
          <select id={showId} value={meta.per_page} disabled={busy} onChange={(e) => onShow(Number(e.target.value))}>
            {[...new Set<number>([...ROWS_PER_PAGE, meta.per_page])].sort((a, b) => a - b).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
    </nav>
  );
}
