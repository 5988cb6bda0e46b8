import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { RouteViewProps } from '../../route';
import type { Conversation, ConversationAction, ConversationData, LogEntry, Quote, Recording, TranscriptLine, UsageSummary } from '../../api/schemas/reporting';
import { formatDuration } from '../../format/duration';
import { formatMoney } from '../../format/money';
import { formatNumber } from '../../format/number';
import { formatPhone } from '../../format/phone';
import { formatTimestamp } from '../../format/timestamp';
import { transcriptTimeToSeconds } from '../../format/transcriptTime';
import { isReportTab, REPORT_TABS, reportOperation, type ReportPart, type ReportTab } from '../../machines/conversationReport';
import type { OperationActor } from '../../machines/operation';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { ExportStatus } from './ExportStatus';
import { Grade } from './Grade';
import { ReportingNav } from './ReportingNav';
import { useAccountId, useOperation, useReporting } from './useReporting';

const TAB_LABELS: Record<ReportTab, string> = {
  overview: 'Overview',
  recordings: 'Recordings',
  transcript: 'Transcript',
  log: 'Log',
  actions: 'Actions',
  quotes: 'Quotes',
  'usage-summary': 'Usage summary',
  data: 'Data',
};

const speaker = (role: string) => (role === 'bot' ? 'Bot' : role === 'user' ? 'Caller' : 'System');
const at = (iso: string) => new Date(iso).toLocaleString();

/** A part of the report: its loading, failure, or its content. */
function Part<T>({ operation, label, children }: { operation: OperationActor; label: string; children: (value: T) => React.ReactNode }) {
  const part = useOperation<T>(operation);
  return (
    <>
      <OperationError error={part.error} />
      {part.loading && part.output === undefined && <LoadingState label={`Loading ${label.toLowerCase()}…`} />}
      {part.output !== undefined && children(part.output)}
    </>
  );
}

function Overview({ c }: { c: Conversation }) {
  return (
    <dl className="kv">
      <dt>Conversation id</dt><dd>{c.uuid}</dd>
      <dt>Account</dt><dd>{c.account_name ?? c.account_id}</dd>
      <dt>Channel</dt><dd>{`${c.channel}, ${c.direction}`}</dd>
      <dt>Status</dt><dd>{c.status}</dd>
      <dt>Phone number</dt><dd>{formatPhone(c.phone_number)}</dd>
      <dt>Started</dt><dd><time dateTime={c.started_at}>{at(c.started_at)}</time></dd>
      <dt>Ended</dt><dd>{c.ended_at ? <time dateTime={c.ended_at}>{at(c.ended_at)}</time> : 'In progress'}</dd>
      <dt>Duration</dt><dd>{formatDuration(c.duration_seconds)}</dd>
      <dt>Cost</dt><dd>{formatMoney(c.cost)}</dd>
      <dt>Grade</dt><dd><Grade grade={c.letter_grade} /></dd>
      <dt>Disposition</dt><dd>{c.disposition_label ?? 'None'}</dd>
      <dt>Role</dt><dd>{c.role_name ?? 'None'}</dd>
      <dt>Instance</dt><dd>{c.instance_name ?? 'None'}</dd>
      <dt>Bot</dt><dd>{c.bot_name ?? 'None'}</dd>
      <dt>Contact</dt><dd>{c.contact_name ?? 'None'}</dd>
      <dt>Summary</dt><dd>{c.summary ?? 'No summary'}</dd>
    </dl>
  );
}

function Recordings({ rows }: { rows: Recording[] }) {
  if (rows.length === 0) return <p>This conversation has no recording.</p>;
  return (
    <ul className="transcript">
      {rows.map((r) => (
        <li key={r.uuid} style={{ display: 'block' }}>
          <h3>{`${r.label}, ${formatDuration(r.duration_seconds)}`}</h3>
          {r.has_audio && r.url ? (
            <>
              <audio controls preload="none" src={r.url} aria-label={`${r.label} audio`}>
                <a href={r.url}>Download the recording</a>
              </audio>
              {r.generated && <p>{`Generated demo audio (${r.audio_seconds ?? '?'} s) stands in for the call: this server keeps no real recordings.`}</p>}
            </>
          ) : (
            <p>The audio of this recording is no longer kept.</p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Transcript({ lines }: { lines: TranscriptLine[] }) {
  if (lines.length === 0) return <p>This conversation has no transcript.</p>;
  return (
    <ol className="transcript" aria-label="Transcript">
      {lines.map((l) => (
        <li key={l.position}>
          <span className="time" title={l.time}>{`${transcriptTimeToSeconds(l.time)} s`}</span>
          <strong>{speaker(l.role)}</strong>
          <span>{l.text}</span>
        </li>
      ))}
    </ol>
  );
}

function Log({ entries }: { entries: LogEntry[] }) {
  if (entries.length === 0) return <p>Nothing was logged.</p>;
  return (
    <table className="report-table">
      <thead><tr><th scope="col">Time</th><th scope="col">Level</th><th scope="col">Event</th><th scope="col">Message</th></tr></thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}><td>{at(e.logged_at)}</td><td>{e.level}</td><td>{e.event}</td><td>{e.message}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

function Actions({ rows }: { rows: ConversationAction[] }) {
  if (rows.length === 0) return <p>No action ran in this conversation.</p>;
  return (
    <table className="report-table">
      <thead><tr><th scope="col">Time</th><th scope="col">Action</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Detail</th></tr></thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td>{at(a.executed_at)}</td>
            <td>{a.action_id ? <Link href={`/actions/${a.action_id}`}>{a.name}</Link> : a.name}</td>
            <td>{a.kind}</td><td>{a.status}</td><td>{a.detail ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Quotes({ rows }: { rows: Quote[] }) {
  if (rows.length === 0) return <p>No quotes were taken from this conversation.</p>;
  return (
    <ul>
      {rows.map((q) => (
        <li key={q.uuid}>
          <blockquote>{q.text}</blockquote>
          <p>{`${speaker(q.role)} at ${transcriptTimeToSeconds(q.time)} s${q.sentiment ? `, ${q.sentiment}` : ''}`}</p>
        </li>
      ))}
    </ul>
  );
}

function Usage({ usage }: { usage: UsageSummary }) {
  return (
    <table className="report-table">
      <thead><tr><th scope="col">Item</th><th scope="col" className="num">Quantity</th><th scope="col">Unit</th><th scope="col" className="num">Unit cost</th><th scope="col" className="num">Cost</th></tr></thead>
      <tbody>
        {usage.lines.map((l) => (
          <tr key={l.item}>
            <th scope="row">{l.item}</th>
            <td className="num">{formatNumber(l.quantity)}</td>
            <td>{l.unit}</td>
            <td className="num">{`$${l.unit_cost}`}</td>
            <td className="num">{formatMoney(l.cost)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot><tr><th scope="row" colSpan={4}>Total</th><td className="num">{formatMoney(usage.total_cost)}</td></tr></tfoot>
    </table>
  );
}

function Data({ data }: { data: ConversationData }) {
  const entries = Object.entries(data);
  if (entries.length === 0) return <p>No data was collected.</p>;
  return (
    <dl className="kv">
      {entries.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}><dt>{key}</dt><dd>{value === null ? '—' : String(value)}</dd></div>
      ))}
    </dl>
  );
}

function TabContent({ tab, part }: { tab: ReportPart; part: OperationActor }) {
  switch (tab) {
    case 'recordings': return <Part<Recording[]> operation={part} label="Recordings">{(rows) => <Recordings rows={rows} />}</Part>;
    case 'transcript': return <Part<TranscriptLine[]> operation={part} label="Transcript">{(lines) => <Transcript lines={lines} />}</Part>;
    case 'log': return <Part<LogEntry[]> operation={part} label="Log">{(rows) => <Log entries={rows} />}</Part>;
    case 'actions': return <Part<ConversationAction[]> operation={part} label="Actions">{(rows) => <Actions rows={rows} />}</Part>;
    case 'quotes': return <Part<Quote[]> operation={part} label="Quotes">{(rows) => <Quotes rows={rows} />}</Part>;
    case 'usage-summary': return <Part<UsageSummary> operation={part} label="Usage summary">{(u) => <Usage usage={u} />}</Part>;
    case 'data': return <Part<ConversationData> operation={part} label="Data">{(d) => <Data data={d} />}</Part>;
  }
}

/** /reporting/conversations/{ConversationId}/{tab?}: the tab is the last path segment (SPEC §2). */
export default function ConversationPage({ params }: RouteViewProps) {
  const { report } = useReporting();
  const id = params.ConversationId ?? '';
  const tabParam = params.tab;
  const tab: ReportTab | null = tabParam === undefined ? 'overview' : isReportTab(tabParam) ? tabParam : null;
  const accountId = useAccountId();
  const record = useOperation<Conversation>(reportOperation(report, 'conversation'));
  const exported = useOperation<string>(reportOperation(report, 'exportTranscript'));
  const shownId = useSelector(report, (s) => s.context.conversationId);

  useEffect(() => {
    if (tab) report.send({ type: 'conversationReport.open', id, tab });
  }, [report, id, tab]);
  // Another account in the filter may hide this conversation: ask again.
  useEffect(() => {
    if (shownId === id) report.send({ type: 'conversationReport.reload' });
  }, [accountId]); // eslint-disable-line react-hooks/exhaustive-deps

  const base = `/reporting/conversations/${encodeURIComponent(id)}`;
  const c = record.output;
  return (
    <section className="page">
      <h1>{c ? `Conversation of ${formatTimestamp(c.started_at)}` : 'Conversation'}</h1>
      <ReportingNav />
      <p><Link href="/reporting/conversations">Back to conversations</Link></p>
      <OperationError error={record.error} onRetry={() => report.send({ type: 'conversationReport.reload' })} />
      {record.loading && !c && <LoadingState label="Loading conversation…" />}
      <nav className="report-tabs" aria-label="Report tabs">
        <ul>
          {REPORT_TABS.map((t) => (
            <li key={t}>
              <Link href={t === 'overview' ? base : `${base}/${t}`} aria-current={t === tab ? 'page' : undefined}>{TAB_LABELS[t]}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === null && <p role="alert">{`There is no “${tabParam}” tab. Choose one of the tabs above.`}</p>}
      {tab && (
        <section aria-labelledby="tab-title" className="panel">
          <h2 id="tab-title">{TAB_LABELS[tab]}</h2>
          {tab === 'transcript' && (
            <div className="report-toolbar">
              <button type="button" className="button" onClick={() => report.send({ type: 'conversationReport.export', format: 'txt' })}>Download transcript (text)</button>
              <button type="button" className="button" onClick={() => report.send({ type: 'conversationReport.export', format: 'csv' })}>Download transcript (CSV)</button>
              <ExportStatus status={exported.status} filename={exported.output} error={exported.error} />
            </div>
          )}
          {tab === 'overview' ? c && <Overview c={c} /> : <TabContent tab={tab} part={reportOperation(report, tab)} />}
        </section>
      )}
    </section>
  );
}
