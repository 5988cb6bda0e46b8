import { useState, type FormEvent } from 'react';
import { EARLIEST_DATE, LATEST_DATE } from '../../format/dateBounds';

/** From / to days; applying changes the URL, which is what the page loads from. */
export function DateRangeForm({ from, to, onApply }: { from?: string; to?: string; onApply: (range: { from?: string; to?: string }) => void }) {
  const [start, setStart] = useState(from ?? '');
  const [end, setEnd] = useState(to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ from: start || undefined, to: end || undefined });
  };
  return (
    <form className="report-filters" onSubmit={submit} aria-label="Date range">
      <div className="field">
        <label htmlFor="range-from">From</label>
        <input id="range-from" type="date" value={start} min={EARLIEST_DATE} max={end || LATEST_DATE} onChange={(e) => setStart(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="range-to">To</label>
        <input id="range-to" type="date" value={end} min={start || EARLIEST_DATE} max={LATEST_DATE} onChange={(e) => setEnd(e.target.value)} />
      </div>
      <button type="submit" className="button">
        Apply dates
      </button>
    </form>
  );
}
