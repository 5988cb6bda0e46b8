import { DateRangeFields } from './DateRangeFields';

/**
 * From / to days, applied as they change (like the lists' filters: no Apply button). A date input
 * reports a change only for a complete day or an emptied box; the URL then holds the range. A
 * range that cannot be asked for stays in the form with its reason (DateRangeFields).
 */
export function DateRangeForm({ from, to, onApply }: { from?: string; to?: string; onApply: (range: { from?: string; to?: string }) => void }) {
  return (
    <form className="report-filters" aria-label="Date range" onSubmit={(event) => event.preventDefault()}>
      <DateRangeFields idPrefix="range" from={from} to={to} onApply={onApply} />
    </form>
  );
}
