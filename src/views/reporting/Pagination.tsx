import './filters/filters.css';
import type { ListMeta } from '../../api/envelope';

export const ROWS_PER_PAGE = [15, 25, 50, 100] as const;

/** Page links and rows per page of a list whose page and page size live in the URL. */
export function Pagination({ meta, onPage, onShow, label }: { meta: ListMeta; onPage: (page: number) => void; onShow?: (show: number) => void; label: string }) {
  const rows = onShow && (
    <div className="field rows-per-page">
      <label htmlFor={`${label}-show`.replace(/\s+/g, '-')}>Rows per page</label>
      <select id={`${label}-show`.replace(/\s+/g, '-')} value={meta.per_page} onChange={(e) => onShow(Number(e.target.value))}>
        {[...new Set([...ROWS_PER_PAGE, meta.per_page])].sort((a, b) => a - b).map((n) => (
          <option key={n} value={n}>{n}</option>
        ))}
      </select>
    </div>
  );
  if (meta.last_page <= 1) return rows ? <nav aria-label={label}>{rows}</nav> : null;
  const pages = Array.from({ length: meta.last_page }, (_, i) => i + 1).filter((p) => p === 1 || p === meta.last_page || Math.abs(p - meta.current_page) <= 2);
  return (
    <nav aria-label={label}>
      <ul className="pagination">
        <li>
          <button type="button" className="button" disabled={meta.current_page <= 1} onClick={() => onPage(meta.current_page - 1)}>
            Previous
          </button>
        </li>
        {pages.map((p) => (
          <li key={p}>
            <button type="button" className="button" aria-current={p === meta.current_page ? 'page' : undefined} aria-label={`Page ${p}`} onClick={() => onPage(p)}>
              {p}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="button" disabled={meta.current_page >= meta.last_page} onClick={() => onPage(meta.current_page + 1)}>
            Next
          </button>
        </li>
      </ul>
      <p>{`Showing ${meta.from ?? 0}–${meta.to ?? 0} of ${meta.total}`}</p>
      {rows}
    </nav>
  );
}
