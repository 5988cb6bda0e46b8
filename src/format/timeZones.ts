import { zoneOffsetMs } from './timestamp';

/** One choice of Settings › Time zone: the IANA name and its offset from UTC now. */
export interface TimeZoneChoice {
  zone: string;
  offsetMinutes: number;
  /** `(UTC+05:30) Asia/Kolkata`: the offset first, so a list sorted by it reads in order. */
  label: string;
  /** What a search matches: the name with spaces, the offset in its usual spellings. */
  searchText: string;
}

/** `UTC+05:30`, `UTC-03:00`, `UTC+00:00`. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function searchTextOf(zone: string, minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const short = `${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
  return `${zone.replace(/_/g, ' ')} ${zone} ${offsetLabel(minutes)} utc${short} gmt${short}`.toLowerCase();
}

/**
 * Every zone this browser knows, plus `UTC` (browsers list only regions, so UTC must be added to
 * stay choosable) and the user's current zone, each with its offset at `now`; sorted by offset,
 * then name. A bounded list (about 420 zones).
 */
export function timeZoneChoices(current: string | null | undefined, now: Date = new Date()): TimeZoneChoice[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set<string>(['UTC', ...known]);
  if (current) zones.add(current);
  const choices: TimeZoneChoice[] = [];
  for (const zone of zones) {
    const offset = zoneOffsetMs(now, zone);
    const minutes = offset === null ? 0 : Math.round(offset / 60_000);
    choices.push({ zone, offsetMinutes: minutes, label: offset === null ? zone : `(${offsetLabel(minutes)}) ${zone.replace(/_/g, ' ')}`, searchText: searchTextOf(zone, minutes) });
  }
  return choices.sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.zone.localeCompare(b.zone));
}

/** The choices whose name or offset contain every word of `query` (case and `_` ignored). */
export function searchTimeZones(choices: readonly TimeZoneChoice[], query: string): TimeZoneChoice[] {
  const words = query.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [...choices];
  return choices.filter((choice) => words.every((word) => choice.searchText.includes(word)));
}
