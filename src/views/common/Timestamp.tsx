import { useId, useState } from 'react';
import { formatExactTimestamp, formatTimestamp } from '../../format/timestamp';
import { useTimeZone } from './TimeZone';
import './timestamp.css';

/**
 * THE way the portal shows a date: SPEC §9's short form ("3:04 PM", "Yesterday", "3 days ago",
 * "Mar 4") with the full date and time in a tooltip on hover AND keyboard focus (a `title` shows
 * neither to keyboard users nor reliably to screen readers). The time is focusable and described
 * by the tooltip; Escape hides the tooltip until focus or the pointer leaves (WCAG 1.4.13).
 * `text` replaces the short form where the value is read another way (a Yes/No flag);
 * `prefix` starts the tooltip ("Since").
 */
export function Timestamp({ value, text, prefix, seconds = false }: { value: string | number | null | undefined; text?: string; prefix?: string; seconds?: boolean }) {
  const tipId = useId();
  const [dismissed, setDismissed] = useState(false);
  const timeZone = useTimeZone();
  const short = value === null || value === undefined || value === '' ? '' : formatTimestamp(value, undefined, undefined, timeZone);
  if (!short) return <>{text ?? '—'}</>;
  const exact = formatExactTimestamp(value!, { seconds, timeZone });
  const iso = new Date(value!).toISOString();
  return (
    <span className={dismissed ? 'timestamp is-dismissed' : 'timestamp'} onMouseLeave={() => setDismissed(false)}>
      <time
        dateTime={iso}
        tabIndex={0}
        aria-describedby={tipId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
        onBlur={() => setDismissed(false)}
      >
        {text ?? short}
      </time>
      <span role="tooltip" id={tipId} className="timestamp-tip">
        {prefix ? `${prefix} ${exact}` : exact}
      </span>
    </span>
  );
}
