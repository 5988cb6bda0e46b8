import { EARLIEST_DATE, LATEST_DATE } from '../../format/dateBounds';

export type RangeKey = 'from' | 'to';
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** A day as people read it ("1 Jan 2000"), without a time zone shift: it is a calendar day. */
function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Why a range cannot be asked for (issue 26 item 8), or null: a day outside what reporting
 * accepts (the reference API answers 422 there) or a From after its To. `changed` is the box
 * just edited: the message belongs under it. Days compare as text (YYYY-MM-DD).
 */
export function rangeProblem(range: DayRange, changed: RangeKey): { key: RangeKey; message: string } | null {
  for (const key of [changed, changed === 'from' ? 'to' : 'from'] as const) {
    const day = range[key];
    if (day && (day < EARLIEST_DATE || day > LATEST_DATE)) {
      return { key, message: `Choose a day from ${dayText(EARLIEST_DATE)} to ${dayText(LATEST_DATE)}.` };
    }
  }
  if (range.from && range.to && range.from > range.to) {
    return changed === 'from'
      ? { key: 'from', message: `From must be on or before To (${dayText(range.to)}).` }
      : { key: 'to', message: `To must be on or after From (${dayText(range.from)}).` };
  }
  return null;
}
