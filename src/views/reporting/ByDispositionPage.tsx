import { Link } from 'wouter';
import type { DispositionCount } from '../../api/schemas/reporting';
import { formatNumber } from '../../format/number';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { useNavigate } from '../PortalContext';
import { BarChart } from './charts/BarChart';
import { useNamesWithAccounts } from '../common/useNamesWithAccounts';
import { useRevealResults } from './useRevealResults';
import { DrilldownConversations } from './DrilldownConversations';
import { withParams } from './dateRange';
import { ReportingNav } from './ReportingNav';
import { useSearchParams } from './useReporting';
import { useChildOperation } from '../common/useOperation';
import type { ConversationListActor } from '../../machines/conversationReportList';
import type { RouteViewProps } from '../../route';
import { chosenDispositions } from './conversationsRouteData';
import { ReportTable } from './ReportTable';

const PATH = '/reporting/conversations-by-disposition';

/** Conversations counted per disposition; choosing one lists them (GET /reporting/dispositions/conversations). */
export default function ByDispositionPage({ actor: conversations }: RouteViewProps<ConversationListActor>) {
  const params = useSearchParams();
  const navigate = useNavigate();
  const counts = useChildOperation(conversations, 'options');
  const list = useChildOperation(conversations, 'byDisposition');
  // The counts and the chosen dispositions' conversations are the route's first calls
  // (views/reporting/conversationsRouteData.ts): choosing one is a change of the URL.
  const chosen = chosenDispositions(params);
  const key = chosen.join(',');

  const rows = counts.output ?? [];
  const resultsHeading = useRevealResults(key, list.output !== undefined && !list.loading);
  const plainLabel = (d: DispositionCount) => d.label ?? (d.id === null ? 'No disposition' : `Disposition ${d.id}`);
  // Under "All accounts" every account has its own "No answer": a label that repeats says whose it is.
  const named = useNamesWithAccounts(rows.filter((d) => d.id !== null).map((d) => ({ id: String(d.id), name: plainLabel(d), account_id: (d as Record<string, unknown>).account_id })));
  const label = (d: DispositionCount) => (d.id === null ? plainLabel(d) : named(d.id, plainLabel(d)));
  return (
    <section className="page">
      <h1>Conversations by disposition</h1>
      <ReportingNav />
      <OperationError error={counts.error} />
      {counts.loading && !counts.output && <LoadingState label="Loading dispositions…" />}
      {counts.output && (
        <>
          <BarChart
            title="Conversations per disposition"
            orientation="horizontal"
            valueLabel="Conversations"
            labelHeader="Disposition"
            format={formatNumber}
            data={rows.map((d) => ({ label: label(d), value: d.conversations, ...(d.id !== null ? { href: withParams(PATH, new URLSearchParams(), { disposition: String(d.id) }) } : {}) }))}
            onSelect={(d) => d.href && navigate.go(d.href)}
          />
          <ReportTable label="Conversations by disposition">
            <thead><tr><th scope="col">Disposition</th><th scope="col" className="num">Conversations</th></tr></thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id ?? 'none'}>
                  <th scope="row">
                    {d.id === null ? label(d) : <Link href={withParams(PATH, new URLSearchParams(), { disposition: d.id })} aria-current={chosen.includes(d.id) ? 'true' : undefined}>{label(d)}</Link>}
                  </th>
                  <td className="num">{formatNumber(d.conversations)}</td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
          {rows.every((d) => d.id === null) && <p>No conversation has a disposition yet: dispositions are set when a role or instance grades a conversation.</p>}
        </>
      )}
      {chosen.length > 0 && (
        <DrilldownConversations id="disposition-list-title" title={`Conversations with ${rows.filter((d) => d.id !== null && chosen.includes(d.id)).map(label).join(', ') || 'the chosen dispositions'}`} headingRef={resultsHeading} list={list} path={PATH} params={params} />
      )}
    </section>
  );
}
