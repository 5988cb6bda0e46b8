// Timestamp display of SPEC §9, by calendar day in the user's time zone (not 24-hour spans).

const DAY_MS = 86_400_000;

/** A moment as a wall clock shows it in one time zone (month 0–11, weekday 0 = Sunday). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  weekday: number;
}

// One formatter per zone: building one costs far more than using it.
const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let found = zoneFormatters.get(timeZone);
  if (found === undefined) {
    try {
      found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      found = null; // a zone this browser does not know: the browser's own zone, not an error
    }
    zoneFormatters.set(timeZone, found);
  }
  return found;
}

/** The zone's offset from UTC at `date`, in ms (DST included); null for an unknown zone. */
export function zoneOffsetMs(date: Date, timeZone: string): number | null {
  const format = zoneFormatter(timeZone);
  if (!format) return null;
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(date)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!);
  return wall - (date.getTime() - (((date.getTime() % 1000) + 1000) % 1000));
}

// A zone's offset changes twice a year at most, but asking Intl for it (formatToParts) is most of
// what a timestamp costs: a 100-row list asked 300 times a render (each row's date twice, "now"
// once), 8–10 ms of a sort's render and more of a first page's (measured, perf-list). So UTC
// (every user's zone until they choose one, SPEC §7) is never asked, and another zone's offset
// is remembered per UTC day on which it held throughout (the same at the day's first and last
// second: no zone changes its clocks twice within 6 days, checked daily for every zone
// 1970–2037); a day with a change is asked exactly, every time.
const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Universal', 'Etc/Zulu', 'Zulu', 'Etc/UCT', 'UCT']);
const offsetsByDay = new Map<string, number>();
const MAX_REMEMBERED_DAYS = 4096;
function zoneOffsetOn(date: Date, timeZone: string): number | null {
  if (UTC_ZONES.has(timeZone)) return 0;
  const day = Math.floor(date.getTime() / DAY_MS);
  const key = `${timeZone}|${day}`;
  const known = offsetsByDay.get(key);
  if (known !== undefined) return known;
  const start = zoneOffsetMs(new Date(day * DAY_MS), timeZone);
  if (start === null || Number.isNaN(start)) return start;
  if (zoneOffsetMs(new Date((day + 1) * DAY_MS - 1000), timeZone) !== start) return zoneOffsetMs(date, timeZone);
  if (offsetsByDay.size >= MAX_REMEMBERED_DAYS) offsetsByDay.clear();
  offsetsByDay.set(key, start);
  return start;
}

/** `date` on the wall clock of `timeZone`; without a (known) zone, the browser's own. */
function wallClock(date: Date, timeZone?: string): WallClock {
  const offset = timeZone ? zoneOffsetOn(date, timeZone) : null;
  if (offset === null) {
    return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hours: date.getHours(), minutes: date.getMinutes(), seconds: date.getSeconds(), weekday: date.getDay() };
  }
  const shifted = new Date(date.getTime() + offset);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate(), hours: shifted.getUTCHours(), minutes: shifted.getUTCMinutes(), seconds: shifted.getUTCSeconds(), weekday: shifted.getUTCDay() };
}

// Days between two calendar dates; via UTC so a DST change never yields a fractional day.
function calendarDaysBetween(from: WallClock, to: WallClock): number {
  return Math.round((Date.UTC(to.year, to.month, to.day) - Date.UTC(from.year, from.month, from.day)) / DAY_MS);
}

// Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps the text predictable.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

// Building an Intl formatter costs far more than using one: a 100-row list formats 200 dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
type FormatterKind = 'time' | 'date' | 'dateWithYear' | 'exact' | 'exactWithSeconds';
const OPTIONS: Record<FormatterKind, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  date: { month: 'short', day: 'numeric' },
  dateWithYear: { month: 'short', day: 'numeric', year: 'numeric' },
  exact: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  exactWithSeconds: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' },
};
function formatter(locale: string, kind: FormatterKind, timeZone?: string): Intl.DateTimeFormat {
  const zone = timeZone && zoneFormatter(timeZone) ? timeZone : undefined;
  const key = `${locale}|${kind}|${zone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, zone ? { ...OPTIONS[kind], timeZone: zone } : OPTIONS[kind]);
    formatters.set(key, found);
  }
  return found;
}

/**
 * en-US, the portal's locale, composed by hand: a 100-row list formats 200 dates, and Intl's
 * format() is most of what a list row costs to render. The names are CLDR's en-US abbreviations,
 * written out because asking Intl for them builds the page's first formatter (8 ms of the first
 * list's render, measured). tests/unit/format/timestamp.test.ts checks every day of two years
 * against Intl.
 */
const EN_US_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EN_US_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));
function enUsTime(clock: WallClock, seconds: boolean): string {
  const { hours } = clock;
  return `${hours % 12 || 12}:${twoDigits(clock.minutes)}${seconds ? `:${twoDigits(clock.seconds)}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}
const enUsDate = (clock: WallClock, withYear: boolean) => `${EN_US_MONTHS[clock.month]} ${clock.day}${withYear ? `, ${clock.year}` : ''}`;

/**
 * SPEC §9, on the calendar of `timeZone` (the user's setting; the browser's zone without one):
 * same day → time (`3:04 PM`, also for a later time today); yesterday → `Yesterday`;
 * 2–6 days ago → `N days ago`; anything else, including future days → `Mar 4`, or `Mar 4, 2024`
 * when the year differs from `now`'s. Invalid input → `''`.
 */
export function formatTimestamp(
  value: string | number | Date,
  now: Date = new Date(),
  locale = 'en-US',
  timeZone?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime()) || Number.isNaN(now.getTime())) return '';
  const clock = wallClock(date, timeZone);
  const today = wallClock(now, timeZone);
  const daysAgo = calendarDaysBetween(clock, today);
  const enUs = locale === 'en-US';
  if (daysAgo === 0) {
    return enUs ? enUsTime(clock, false) : plainSpaces(formatter(locale, 'time', timeZone).format(date));
  }
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo >= 2 && daysAgo <= 6) return `${daysAgo} days ago`;
  const withYear = clock.year !== today.year;
  return enUs ? enUsDate(clock, withYear) : plainSpaces(formatter(locale, withYear ? 'dateWithYear' : 'date', timeZone).format(date));
}

/**
 * The full date and time behind a short timestamp (`Wed, Nov 25, 2026, 3:04 PM`), shown on hover
 * and focus, in `timeZone` (the user's setting); `seconds` for logs, whose entries can be seconds
 * apart. Invalid input → `''`.
 */
export function formatExactTimestamp(value: string | number | Date, { seconds = false, locale = 'en-US', timeZone }: { seconds?: boolean; locale?: string; timeZone?: string } = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (locale === 'en-US') {
    const clock = wallClock(date, timeZone);
    return `${EN_US_WEEKDAYS[clock.weekday]}, ${enUsDate(clock, true)}, ${enUsTime(clock, seconds)}`;
  }
  return plainSpaces(formatter(locale, seconds ? 'exactWithSeconds' : 'exact', timeZone).format(date));
}
