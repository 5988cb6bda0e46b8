import type { ReactNode } from 'react';
import { formatDuration } from '../../format/duration';
import { formatMoney } from '../../format/money';
import { formatPhone } from '../../format/phone';
import { formatTimestamp } from '../../format/timestamp';
import { Timestamp } from '../common/Timestamp';
import type { Choice, DisplayFormat, SectionConfig } from './sectionConfig';

/** A record's value as text, by SPEC §5/§9's display rules. Server text is always rendered as text. */
export function displayValue(value: unknown, format: DisplayFormat = 'text', timeZone?: string): string {
  if (format === 'phone') return formatPhone(typeof value === 'string' ? value : null);
  // A flag stored as "when it happened" (email_verified_at): read as Yes/No, the time on hover.
  if (format === 'isSet') return value === null || value === undefined || value === '' ? 'No' : 'Yes';
  if (value === null || value === undefined || value === '') return '—';
  switch (format) {
    case 'money':
      return formatMoney(Number(value));
    case 'duration':
      return formatDuration(Number(value));
    case 'timestamp':
      return typeof value === 'string' || typeof value === 'number' ? formatTimestamp(value, undefined, undefined, timeZone) || '—' : '—';
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'rating':
      return `${String(value)} / 5`;
    case 'ids':
      return Array.isArray(value) ? (value.length ? value.join(', ') : '—') : String(value);
    case 'json':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    default:
      if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item ? String((item as Record<string, unknown>).name ?? (item as Record<string, unknown>).label ?? JSON.stringify(item)) : String(item))).join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The fixed choices a column or field takes (its form field's, else its filter's): their labels read better than raw values. */
export function choicesOf(config: SectionConfig, key: string): Choice[] | undefined {
  return config.fields.find((f) => f.name === key)?.choices ?? config.filters.find((f) => f.key === key)?.choices;
}

/** The text DisplayValue shows for a value: its choice label, else the formatted value. */
export function shownText(value: unknown, format?: DisplayFormat, choices?: Choice[], timeZone?: string): string {
  const label = choices && (typeof value === 'string' || typeof value === 'number') ? choices.find((c) => c.value === String(value))?.label : undefined;
  return label ?? displayValue(value, format, timeZone);
}

/** A timestamp shows its exact date and time on hover and focus (<Timestamp>); an enum value reads as its label ("Azure OpenAI"). */
export function DisplayValue({ value, format, choices }: { value: unknown; format?: DisplayFormat; choices?: Choice[] }) {
  return displayNode(value, format, choices);
}

/**
 * What DisplayValue renders, called as a function where a page shows hundreds of values (a
 * list's 400 cells): no component of its own for each (perf-list, issue 30's sort).
 */
export function displayNode(value: unknown, format?: DisplayFormat, choices?: Choice[]): ReactNode {
  const label = choices && (typeof value === 'string' || typeof value === 'number') ? choices.find((c) => c.value === String(value))?.label : undefined;
  if (label) return <>{label}</>;
  // <Timestamp> formats the date itself (and shows '—' for one that is not a date): not twice here.
  if (format === 'timestamp' && (typeof value === 'string' || typeof value === 'number') && value !== '') return <Timestamp value={value} />;
  const text = displayValue(value, format);
  if (format === 'isSet' && typeof value === 'string' && value) return <Timestamp value={value} text={text} prefix="Since" />;
  return <>{text}</>;
}
