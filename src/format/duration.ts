// Duration rules of SPEC §9: a stored number of seconds is shown in the largest unit that divides it.

export const DURATION_UNITS = {
  Hours: 3600,
  Days: 86400,
  Weeks: 604800,
  Months: 2592000,
  Years: 31536000,
} as const;

export type DurationUnit = 'Seconds' | keyof typeof DURATION_UNITS;

export interface SplitDuration {
  value: number;
  unit: DurationUnit;
}

// Largest first. Years (365 days) is not a multiple of Months (30 days), so each is tried in turn.
const LARGEST_FIRST = (Object.keys(DURATION_UNITS) as (keyof typeof DURATION_UNITS)[]).sort(
  (a, b) => DURATION_UNITS[b] - DURATION_UNITS[a],
);

const SINGULAR: Record<DurationUnit, string> = {
  Seconds: 'Second',
  Hours: 'Hour',
  Days: 'Day',
  Weeks: 'Week',
  Months: 'Month',
  Years: 'Year',
};

/** Seconds in one of `unit`. */
export function unitSeconds(unit: DurationUnit): number {
  return unit === 'Seconds' ? 1 : DURATION_UNITS[unit];
}

/**
 * The largest unit that divides `seconds` exactly, else seconds. 0 and non-integers stay in seconds
 * (0 divides by everything, but "0 Years" says more than is stored); non-finite input → 0 seconds.
 */
export function splitDuration(seconds: number): SplitDuration {
  if (!Number.isFinite(seconds)) return { value: 0, unit: 'Seconds' };
  if (seconds !== 0 && Number.isInteger(seconds)) {
    for (const unit of LARGEST_FIRST) {
      if (seconds % DURATION_UNITS[unit] === 0) return { value: seconds / DURATION_UNITS[unit], unit };
    }
  }
  return { value: seconds === 0 ? 0 : seconds, unit: 'Seconds' }; // normalises -0
}

/** `N Units` with SPEC's plural unit names, singular when N is exactly 1 (`1 Hour`, `2 Hours`, `0 Seconds`). */
export function formatDuration(seconds: number): string {
  const { value, unit } = splitDuration(seconds);
  return `${value} ${Math.abs(value) === 1 ? SINGULAR[unit] : unit}`;
}

/** Seconds to store for a form's value + unit pair; non-finite values → 0. */
export function toSeconds(value: number, unit: DurationUnit): number {
  return Number.isFinite(value) ? value * unitSeconds(unit) : 0;
}
