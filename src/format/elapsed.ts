// Figures of time in reporting read as time (issue 26 item 8): "24 h 17 min", not "Minutes 1,457.6";
// "8:03", not "Average duration (s) 483.18".

const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * A total length of time from seconds: hours and minutes ("24 h 17 min"), minutes and seconds
 * under an hour ("17 min 36 s"), seconds under a minute ("36 s"). Parts below what is shown are
 * dropped, never rounded up (24 h 17.6 min is "24 h 17 min"). Hours grow past a day: staff add
 * talk time up in hours.
 */
export function formatElapsed(seconds: number): string {
  const total = Math.floor(finite(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours.toLocaleString('en-US')} h ${minutes} min` : `${hours.toLocaleString('en-US')} h`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

/** A total in minutes (reporting's `minutes`, possibly fractional) as formatElapsed reads it. */
export function formatElapsedMinutes(minutes: number): string {
  return formatElapsed(finite(minutes) * 60);
}

/** One call's length as a clock reads it: "8:03", "1:02:03" (seconds rounded to the nearest). */
export function formatClock(seconds: number): string {
  const total = Math.round(finite(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
