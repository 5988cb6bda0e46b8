import { EARLIEST_DATE, LATEST_DATE } from '../../format/dateBounds';

/**
 * From / to days, applied as they change (like the lists' filters: no Apply button). A date input
 * reports a change only for a complete day or an emptied box; the URL then holds the range.
 */
export function DateRangeForm({ from, to, onApply }: { from?: string; to?: string; onApply: (range: { from?: string; to?: string }) => void }) {
  const change = (key: 'from' | 'to', value: string) => onApply({ from, to, [key]: value || undefined });
  return (
    <form className="report-filters" aria-label="Date range" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="range-from">From</label>
        <input id="range-from" type="date" value={from ?? ''} min={EARLIEST_DATE} max={to || LATEST_DATE} onChange={(e) => change('from', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="range-to">To</label>
        <input id="range-to" type="date" value={to ?? ''} min={from || EARLIEST_DATE} max={LATEST_DATE} onChange={(e) => change('to', e.target.value)} />
      </div>
    </form>
  );
}
