import { Link } from 'wouter';
import type { Conversation } from '../../api/schemas/reporting';
import { formatMoney } from '../../format/money';
import { formatPhoneElsewhere } from '../../format/phone';
import { formatTimestamp } from '../../format/timestamp';
import { clockOf } from './conversation/transcriptTimes';
import { SortableHeader, sortDirectionOf } from '../common/SortableHeader';
import { Timestamp } from '../common/Timestamp';
import { useTimeZone } from '../common/TimeZone';
import { Grade } from './Grade';
import { LiveMarkBadge } from '../common/LiveMarks';
import type { LiveMark } from '../../machines/liveList';
import { ReportTable } from './ReportTable';

const kindOf = (c: Conversation) => `${c.channel === 'voice' ? 'Call' : 'Chat'} ${c.direction}`;
/** A chat or call in progress (its status is `active` until it ends): marked "Live" in words. */
export const isLive = (c: Conversation) => c.status === 'active';

type SortKey = 'started_at' | 'duration_seconds' | 'cost' | 'letter_grade';

/** Conversations as a table; each row opens the report. Sorting is offered only when `sort` is given. */
export function ConversationsTable({ rows, caption, labelledBy, sort, onSort, marks }: { rows: readonly Conversation[]; caption?: string; labelledBy?: string; sort?: string; onSort?: (key: SortKey) => void; marks?: Readonly<Record<string, LiveMark>> }) {
  const timeZone = useTimeZone();
  const header = (key: SortKey, label: string, numeric = false) =>
    onSort ? (
      <SortableHeader label={label} direction={sortDirectionOf(sort, key)} onSort={() => onSort(key)} className={numeric ? 'num' : undefined} />
    ) : (
      <th scope="col" className={numeric ? 'num' : undefined}>{label}</th>
    );
  return (
    // Named by its section's heading when it has one, so the name is not read twice.
    <ReportTable label={caption ?? 'Conversations'} aria-labelledby={labelledBy}>
      {caption && !labelledBy && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {header('started_at', 'Started')}
          <th scope="col" className="sticky-col">Conversation</th>
          <th scope="col">Account</th>
          <th scope="col">Role / instance</th>
          <th scope="col">Disposition</th>
          {header('duration_seconds', 'Duration')}
          {header('cost', 'Cost', true)}
          {header('letter_grade', 'Grade')}
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.uuid}>
            <td><Timestamp value={c.started_at} /></td>
            <td className="sticky-col">
              {/* Named by what it shows first (WCAG 2.5.3), then when it started, so each row's link differs. */}
              <Link href={`/reporting/conversations/${c.uuid}`} aria-label={`${kindOf(c)}${isLive(c) ? ', live' : ''}, started ${formatTimestamp(c.started_at, undefined, undefined, timeZone)}`}>
                {kindOf(c)}
              </Link>
              {isLive(c) && <> <span className="live-badge">Live</span></>}
              {marks?.[c.uuid] && <LiveMarkBadge mark={marks[c.uuid]!} />}
              <div>{c.channel === 'voice' ? formatPhoneElsewhere(c.phone_number) : c.contact_name ?? ''}</div>
            </td>
            <td>{c.account_name ?? c.account_id}</td>
            <td>{[c.role_name, c.instance_name].filter(Boolean).join(' / ') || '—'}</td>
            <td>{c.disposition_label ?? '—'}</td>
            <td>{clockOf(c.duration_seconds)}</td>
            <td className="num">{formatMoney(c.cost)}</td>
            <td><Grade grade={c.letter_grade} /></td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}
