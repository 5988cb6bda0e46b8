import type { ListMeta } from '../../api/envelope';

/** Page links of a list whose page number lives in the URL. */
export function Pagination({ meta, onPage, label }: { meta: ListMeta; onPage: (page: number) => void; label: string }) {
  if (meta.last_page <= 1) return null;
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
    </nav>
  );
}
