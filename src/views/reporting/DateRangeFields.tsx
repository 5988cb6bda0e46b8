import { useState } from 'react';
import { EARLIEST_DATE, LATEST_DATE } from '../../format/dateBounds';
import { rangeProblem, type DayRange, type RangeKey } from './rangeProblem';

/**
 * The From and To boxes of a reporting form, applied as they change: a range that cannot be
 * asked for (a From after its To, a day out of bounds) is refused here, before any request, with
 * the reason under the box just edited; what was typed stays in the box to be corrected.
 */
export function DateRangeFields({ idPrefix, from, to, onApply }: { idPrefix: string; from?: string | undefined; to?: string | undefined; onApply: (range: DayRange) => void }) {
  // What the boxes hold: the applied range, or the refused one being corrected — until the URL's
  // range changes by other means (back, "Clear filters"), which the boxes then follow.
  const applied = `${from ?? ''}/${to ?? ''}`;
  const [refused, setTyped] = useState<(DayRange & { changed: RangeKey; applied: string }) | null>(null);
  const typed = refused?.applied === applied ? refused : null;
  const shown: DayRange = typed ?? { from, to };
  const problem = typed ? rangeProblem(typed, typed.changed) : null;
  const change = (key: RangeKey, value: string) => {
    const next = { from: shown.from, to: shown.to, [key]: value || undefined };
    if (rangeProblem(next, key)) {
      setTyped({ ...next, changed: key, applied });
      return;
    }
    setTyped(null);
    onApply({ from: next.from, to: next.to });
  };
  const field = (key: RangeKey, label: string, min: string, max: string) => {
    const id = `${idPrefix}-${key}`;
    const wrong = problem?.key === key;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="date"
          value={shown[key] ?? ''}
          min={min}
          max={max}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? `${id}-error` : undefined}
          onChange={(e) => change(key, e.target.value)}
        />
        {wrong && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {problem.message}
          </p>
        )}
      </div>
    );
  };
  return (
    <>
      {field('from', 'From', EARLIEST_DATE, shown.to || LATEST_DATE)}
      {field('to', 'To', shown.from || EARLIEST_DATE, LATEST_DATE)}
    </>
  );
}
