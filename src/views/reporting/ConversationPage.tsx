import './reporting.css';
import './conversation/review.css';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { RouteViewProps } from '../../route';
import type { Conversation, ConversationAction, ConversationData, LogEntry, Quote, UsageSummary } from '../../api/schemas/reporting';
import { formatMoney } from '../../format/money';
import { formatNumber } from '../../format/number';
import { formatPhoneElsewhere } from '../../format/phone';
import { formatExactTimestamp } from '../../format/timestamp';
import { transcriptTimeToSeconds } from '../../format/transcriptTime';
import { clockOf, lineSeconds } from './conversation/transcriptTimes';
import type { ConversationReportActor, ConversationReportResults, ReportPart, ReportTab } from '../../machines/conversationReport';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { Timestamp } from '../common/Timestamp';
import { useTimeZone } from '../common/TimeZone';
import { ExportStatus } from './ExportStatus';
import { ConversationHeader } from './conversation/ConversationHeader';
import { LiveWatch } from './conversation/LiveWatch';
import { ReviewWorkspace } from './review/ReviewWorkspace';
import { NextNotEvaluated } from './review/NextNotEvaluated';
import { evaluationSelectors } from '../../machines/evaluation.api';
import { useEvaluationState } from '../actors/useEvaluation';
import { conversationTab } from './conversationRouteData';
import { useReportTabAccess } from './reportTabAccess';
import { useReporting } from './useReporting';
import { useChildOperation } from '../common/useOperation';
import { useActorApi } from '../actors/useActorApi';
import { conversationReportApi } from '../../machines/conversationReport.api';
import { useConversationPlayer } from '../actors/useConversationPlayer';
import { ReportTable } from './ReportTable';

/** The tabs under the player and transcript (SPEC §2: the tab is the URL's last segment). */
const PAGE_TABS = ['overview', 'log', 'actions', 'quotes', 'usage-summary', 'data'] as const;
type PageTab = (typeof PAGE_TABS)[number];
const TAB_LABELS: Record<PageTab, string> = {
  overview: 'Details',
  log: 'Log',
  actions: 'Actions',
  quotes: 'Quotes',
  'usage-summary': 'Usage',
  data: 'Data',
};
// Recordings and transcript are no longer tabs (they sit side by side above them): their old
// URLs still open the page, on its first tab.
const pageTabOf = (tab: ReportTab): PageTab => ((PAGE_TABS as readonly string[]).includes(tab) ? (tab as PageTab) : 'overview');

const speaker = (role: string) => (role === 'bot' ? 'Bot' : role === 'user' ? 'Caller' : 'System');
// Log and action times are seconds apart: their full time, to the second.
/** A log or action time: the full date and time to the second, in the user's zone. */
const at = (iso: string, timeZone: string | undefined) => formatExactTimestamp(iso, { seconds: true, timeZone });

/** A part of the report: its loading, failure, or its content. */
function Part<K extends ReportPart>({ report, name, label, children }: { report: ConversationReportActor; name: K; label: string; children: (value: ConversationReportResults[K]) => React.ReactNode }) {
  const part = useChildOperation(report, name);
  return (
    <>
      <OperationError error={part.error} />
      {part.loading && part.output === undefined && <LoadingState label={`Loading ${label.toLowerCase()}…`} />}
      {part.output !== undefined && children(part.output)}
    </>
  );
}

function Details({ c }: { c: Conversation }) {
  return (
    <dl className="kv">
      <dt>Conversation id</dt><dd>{c.uuid}</dd>
      <dt>Summary</dt><dd>{c.summary ?? 'No summary'}</dd>
      <dt>Phone number</dt><dd>{formatPhoneElsewhere(c.phone_number)}</dd>
      <dt>Ended</dt><dd>{c.ended_at ? <Timestamp value={c.ended_at} /> : 'In progress'}</dd>
      <dt>Duration</dt><dd>{clockOf(c.duration_seconds)}</dd>
      <dt>Cost</dt><dd>{formatMoney(c.cost)}</dd>
      <dt>Role</dt><dd>{c.role_name ?? 'None'}</dd>
      <dt>Instance</dt><dd>{c.instance_name ?? 'None'}</dd>
      <dt>Bot</dt><dd>{c.bot_name ?? 'None'}</dd>
      <dt>Contact</dt><dd>{c.contact_name ?? 'None'}</dd>
    </dl>
  );
}

function Log({ entries }: { entries: LogEntry[] }) {
  const timeZone = useTimeZone();
  if (entries.length === 0) return <p>Nothing was logged.</p>;
  return (
    <ReportTable label="Log">
      <thead><tr><th scope="col">Time</th><th scope="col">Level</th><th scope="col">Event</th><th scope="col">Message</th></tr></thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}><td>{at(e.logged_at, timeZone)}</td><td>{e.level}</td><td>{e.event}</td><td>{e.message}</td></tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function Actions({ rows }: { rows: ConversationAction[] }) {
  const timeZone = useTimeZone();
  if (rows.length === 0) return <p>No action ran in this conversation.</p>;
  return (
    <ReportTable label="Actions">
      <thead><tr><th scope="col">Time</th><th scope="col">Action</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Detail</th></tr></thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td>{at(a.executed_at, timeZone)}</td>
            <td>{a.action_id ? <Link href={`/actions/${a.action_id}`}>{a.name}</Link> : a.name}</td>
            <td>{a.kind}</td><td>{a.status}</td><td>{a.detail ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function Quotes({ rows }: { rows: Quote[] }) {
  if (rows.length === 0) return <p>No quotes were taken from this conversation.</p>;
  return (
    <ul>
      {rows.map((q) => (
        <li key={q.uuid}>
          <blockquote>{q.text}</blockquote>
          <p>{`${speaker(q.role)} at ${clockOf(lineSeconds(q.time))} (${transcriptTimeToSeconds(q.time)} s)${q.sentiment ? `, ${q.sentiment}` : ''}`}</p>
          <p className="quote-id">{`Quote ${q.uuid}`}</p>
        </li>
      ))}
    </ul>
  );
}

function Usage({ usage }: { usage: UsageSummary }) {
  return (
    <ReportTable label="Usage">
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
    </ReportTable>
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

function TabContent({ tab, report }: { tab: Exclude<ReportPart, 'recordings' | 'transcript'>; report: ConversationReportActor }) {
  switch (tab) {
    case 'log': return <Part report={report} name={tab} label="Log">{(rows) => <Log entries={rows} />}</Part>;
    case 'actions': return <Part report={report} name={tab} label="Actions">{(rows) => <Actions rows={rows} />}</Part>;
    case 'quotes': return <Part report={report} name={tab} label="Quotes">{(rows) => <Quotes rows={rows} />}</Part>;
    case 'usage-summary': return <Part report={report} name={tab} label="Usage summary">{(u) => <Usage usage={u} />}</Part>;
    case 'data': return <Part report={report} name={tab} label="Data">{(d) => <Data data={d} />}</Part>;
  }
}

/**
 * /reporting/conversations/{ConversationId}/{tab?}: one header; the recording beside its
 * transcript, in sync; then the other parts as tabs, the active one from the URL (SPEC §2).
 * `report` is the conversation report actor, the route's (views/reporting/conversationRouteData.ts).
 */
export default function ConversationPage({ params, actor: report }: RouteViewProps<ConversationReportActor>) {
  const { player } = useReporting();
  const reportControls = useActorApi(report, conversationReportApi);
  const id = params.ConversationId ?? '';
  const tabParam = params.tab;
  const mayOpen = useReportTabAccess();
  // A tab the user's permissions do not include is never requested: the details load instead.
  const { forbiddenTab, tab } = conversationTab(tabParam, mayOpen);
  const record = useChildOperation(report, 'conversation');
  const recordings = useChildOperation(report, 'recordings');
  const transcript = useChildOperation(report, 'transcript');
  const exported = useChildOperation(report, 'exportTranscript');

  // Recordings and transcript have their own permission models: only what the user may see is fetched.
  const mayHear = mayOpen('recordings');
  const mayRead = mayOpen('transcript');
  // The record and the tab's part are the route's first call (machines/route.ts), sent for each
  // new tab and again for another account, which may hide this conversation.
  // Leaving the page stops the audio.
  const playerControls = useConversationPlayer(player);
  useEffect(() => () => playerControls.pause(), [playerControls]);

  const base = `/reporting/conversations/${encodeURIComponent(id)}`;
  // The grade follows the latest submitted evaluation (issue 29), also right after one is submitted here.
  const evaluated = useEvaluationState((s) => (evaluationSelectors.conversationId(s) === id ? evaluationSelectors.evaluations(s).find((e) => e.current) : undefined));
  const c = record.output && evaluated?.letter_grade ? { ...record.output, letter_grade: evaluated.letter_grade } : record.output;
  const active = tab ? pageTabOf(tab) : null;
  // The queue needs the evaluations a backend may lack (404/405): then it hides with them.
  const evaluationsMissing = useEvaluationState(evaluationSelectors.unavailable);
  return (
    <section className="page conversation-page">
      {c ? <ConversationHeader conversation={c} /> : <h1>Conversation</h1>}
      {!evaluationsMissing && <NextNotEvaluated conversationId={id} />}
      <OperationError error={record.error} onRetry={reportControls.reload} />
      {record.loading && !c && <LoadingState label="Loading conversation…" />}

      {/* A live chat or call, watched read-only by a supervisor (Live-Watch read). */}
      {c && !record.error && <LiveWatch conversation={c} onEnded={reportControls.reload} />}

      {c && !record.error && (
      <section className="panel" aria-labelledby="review-title">
        <div className="review-heading">
          <h2 id="review-title">Recording and transcript</h2>
          {mayRead && (
            <div className="report-toolbar">
              <button type="button" className="button" onClick={() => reportControls.exportTranscript('txt')}>Download transcript (text)</button>
              <button type="button" className="button" onClick={() => reportControls.exportTranscript('csv')}>Download transcript (CSV)</button>
              <ExportStatus state={exported.state} filename={exported.output} error={exported.error} />
            </div>
          )}
        </div>
        {mayHear && <OperationError error={recordings.error} />}
        {mayRead && <OperationError error={transcript.error} />}
        {!mayHear && !mayRead && <p>You do not have access to this conversation’s recording or transcript.</p>}
        {(mayHear || mayRead) && (mayHear && !recordings.output || mayRead && !transcript.output) && (recordings.loading || transcript.loading) && <LoadingState label="Loading the recording and transcript…" />}
        {(mayHear || mayRead) && (!mayHear || recordings.output) && (!mayRead || transcript.output) && (
          <ReviewWorkspace conversationId={id} player={player} recordings={mayHear ? (recordings.output ?? []) : null} lines={mayRead ? (transcript.output ?? []) : null} />
        )}
      </section>
      )}

      <nav className="report-tabs" aria-label="Report tabs">
        <ul>
          {PAGE_TABS.filter(mayOpen).map((t) => (
            <li key={t}>
              <Link href={t === 'overview' ? base : `${base}/${t}`} aria-current={t === active ? 'page' : undefined}>{TAB_LABELS[t]}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === null && <p role="alert">{`There is no “${tabParam}” tab. Choose one of the tabs above.`}</p>}
      {forbiddenTab && <p role="alert">{`You do not have access to the “${tabParam}” tab.`}</p>}
      {active && (
        <section aria-labelledby="tab-title" className="panel">
          <h2 id="tab-title">{TAB_LABELS[active]}</h2>
          {active === 'overview' ? c && <Details c={c} /> : <TabContent tab={active} report={report} />}
        </section>
      )}
    </section>
  );
}
