// Timestamp display of SPEC §9, by local calendar day (not 24-hour spans).

const DAY_MS = 86_400_000;

// Days between two local calendar dates; via UTC so a DST change never yields a fractional day.
function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / DAY_MS);
}

// Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps the text predictable.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * Same day → time (`3:04 PM`, also for a later time today); yesterday → `Yesterday`;
 * 2–6 days ago → `N days ago`; anything else, including future days → `Mar 4`, or `Mar 4, 2024`
 * when the year differs from `now`'s. Invalid input → `''`.
 */
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
function formatter(locale: string, kind: FormatterKind): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let found = formatters.get(key);
  if (!found) {
    const options = OPTIONS[kind];
    found = new Intl.DateTimeFormat(locale, options);
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
function enUsTime(date: Date, seconds: boolean): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${twoDigits(date.getMinutes())}${seconds ? `:${twoDigits(date.getSeconds())}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}
const enUsDate = (date: Date, withYear: boolean) => `${EN_US_MONTHS[date.getMonth()]} ${date.getDate()}${withYear ? `, ${date.getFullYear()}` : ''}`;

export function formatTimestamp(
  value: string | number | Date,
  now: Date = new Date(),
  locale = 'en-US',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime()) || Number.isNaN(now.getTime())) return '';
  const daysAgo = calendarDaysBetween(date, now);
  const enUs = locale === 'en-US';
  if (daysAgo === 0) {
    return enUs ? enUsTime(date, false) : plainSpaces(formatter(locale, 'time').format(date));
  }
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo >= 2 && daysAgo <= 6) return `${daysAgo} days ago`;
  const withYear = date.getFullYear() !== now.getFullYear();
  return enUs ? enUsDate(date, withYear) : plainSpaces(formatter(locale, withYear ? 'dateWithYear' : 'date').format(date));
}

/**
 * The full date and time behind a short timestamp (`Wed, Nov 25, 2026, 3:04 PM`), shown on hover
 * and focus; `seconds` for logs, whose entries can be seconds apart. Invalid input → `''`.
 */
export function formatExactTimestamp(value: string | number | Date, { seconds = false, locale = 'en-US' }: { seconds?: boolean; locale?: string } = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (locale === 'en-US') return `${EN_US_WEEKDAYS[date.getDay()]}, ${enUsDate(date, true)}, ${enUsTime(date, seconds)}`;
  return plainSpaces(formatter(locale, seconds ? 'exactWithSeconds' : 'exact').format(date));
}
