import { Link } from 'wouter';
import type { StatisticsEntity } from '../../api/reporting';
import { formatMoney } from '../../format/money';
import { formatNumber } from '../../format/number';
import { formatElapsedMinutes } from '../../format/elapsed';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { useNavigate } from '../PortalContext';
import { DispositionChart, GradeChart } from './charts/ConversationCharts';
import { TimeSeriesChart } from './charts/TimeSeriesChart';
import { DateRangeForm } from './DateRangeForm';
import { rangeFrom, withParams } from './dateRange';
import { ExportStatus } from './ExportStatus';
import { Grade } from './Grade';
import { ReportingNav } from './ReportingNav';
import { useNamesWithAccounts } from '../common/useNamesWithAccounts';
import { useSearchParams } from './useReporting';
import { useChildOperation } from '../common/useOperation';
import { useActorApi } from '../actors/useActorApi';
import { statisticsApi } from '../../machines/statistics.api';
import type { StatisticsActor } from '../../machines/statistics';
import type { RouteViewProps } from '../../route';
import { breakdownLoad } from './routeData';

/** One role's or instance's breakdown; which one, and the range, come from the URL (?id=&from=&to=). */
export function BreakdownPage({ entity, statistics }: { entity: StatisticsEntity; statistics: StatisticsActor }) {
  const stats = useActorApi(statistics, statisticsApi);
  const params = useSearchParams();
  const navigate = useNavigate();
  const path = `/reporting/${entity}/breakdown`;
  const listKind = entity === 'roles' ? 'roles' : 'instances';
  const kind = entity === 'roles' ? 'roleBreakdown' : 'instanceBreakdown';
  const label = entity === 'roles' ? 'Role' : 'Instance';
  const options = useChildOperation(statistics, listKind);
  const breakdown = useChildOperation(statistics, kind);
  const exported = useChildOperation(statistics, 'export');
  // Under "All accounts" each account has its own "Analyst": a name that repeats says whose it is.
  const nameOf = useNamesWithAccounts((options.output?.data ?? []).map((o) => ({ id: String(o.id), name: o.name, account_id: o.account_id })));
  const { from, to } = rangeFrom(params);
  const id = params.get('id') ?? '';

  // The route actor loads the picker and the URL's breakdown (views/reporting/routeData.ts); a
  // retry asks again for the URL's breakdown.
  const load = () => {
    const again = breakdownLoad(entity, params);
    if (again) stats.loadEach([again]);
    else stats.reset([kind]);
  };

  const go = (changes: Record<string, string | undefined>) => navigate.go(withParams(path, params, changes), true);
  // SPEC §4 reset: the breakdown empties and comes back for the default range (not left blank).
  const resetFiltersAndFigures = () => {
    stats.reset([kind]);
    if (from || to) go({ from: undefined, to: undefined });
    else load();
  };
  // Drilldowns: a figure opens the Conversations page filtered to this role or instance and range.
  const owner = entity === 'roles' ? 'role_id' : 'instance_id';
  const conversationsOf = (changes: Record<string, string | undefined>) => withParams('/reporting/conversations', new URLSearchParams(), { from, to, [owner]: id, ...changes });
  const follow = (href: string | undefined) => href && navigate.go(href);
  const data = breakdown.output;
  const shown = data && (entity === 'roles' ? data.role : data.instance);

  return (
    <section className="page">
      <h1>{`${label} breakdown`}</h1>
      <ReportingNav />
      <div className="report-toolbar">
        <div className="field">
          <label htmlFor="breakdown-entity">{label}</label>
          <select id="breakdown-entity" value={id} onChange={(e) => go({ id: e.target.value || undefined })}>
            <option value="">{`Choose ${withArticle(label.toLowerCase())}`}</option>
            {options.output?.data.map((o) => (
              <option key={o.id} value={o.id}>{nameOf(o.id, o.name)}</option>
            ))}
          </select>
        </div>
        <DateRangeForm key={`${from}-${to}`} from={from} to={to} onApply={(range) => go(range)} />
        <button type="button" className="button" onClick={resetFiltersAndFigures}>
          Reset filters and figures
        </button>
        {id && (
          <button type="button" className="button" onClick={() => stats.exportFile(kind, { from, to }, id)}>
            Export CSV
          </button>
        )}
      </div>
      <ExportStatus state={exported.state} filename={exported.output} error={exported.error} />
      <OperationError error={options.error} />
      <OperationError error={breakdown.error} onRetry={load} />
      {!id && <p>{`Choose ${withArticle(label.toLowerCase())} to see its breakdown.`}</p>}
      {id && breakdown.loading && !data && <LoadingState label="Loading breakdown…" />}
      {id && breakdown.idle && !data && <p>The breakdown was cleared. Choose Reload to fetch it again.</p>}
      {id && breakdown.idle && (
        <button type="button" className="button" onClick={load}>Reload</button>
      )}
      {data && (
        <div aria-busy={breakdown.loading}>
          <h2>{shown?.name ?? label}</h2>
          <dl className="stat-grid">
            <div className="stat"><dt>Conversations</dt><dd>{formatNumber(data.totals.conversations)}</dd></div>
            <div className="stat"><dt>Talk time</dt><dd>{formatElapsedMinutes(data.totals.minutes)}</dd></div>
            <div className="stat"><dt>Cost</dt><dd>{formatMoney(data.totals.cost)}</dd></div>
            <div className="stat"><dt>Average grade</dt><dd><Grade grade={data.totals.average_grade} /></dd></div>
          </dl>
          <div className="chart-row">
            {data.totals.grades && (
              <GradeChart grades={data.totals.grades} hrefOf={(grade) => conversationsOf({ grade })} onSelect={(d) => follow(d.href)} />
            )}
            <DispositionChart
              data={data.dispositions.map((d) => ({ label: d.label ?? 'No disposition', value: d.conversations, ...(d.id !== null ? { href: conversationsOf({ disposition: String(d.id) }) } : {}) }))}
              onSelect={(d) => follow(d.href)}
            />
          </div>
          <TimeSeriesChart
            title="Conversations per day"
            valueLabel="Conversations"
            format={formatNumber}
            points={data.timeseries.map((p) => ({ date: p.date, value: p.conversations }))}
            onSelect={(p) => follow(conversationsOf({ from: p.date, to: p.date }))}
          />
          <h3>By channel</h3>
          <ul>
            {data.channels.map((c) => (
              <li key={c.channel}>
                <Link href={withParams('/reporting/conversations', new URLSearchParams(), { channel: c.channel, from, to, [entity === 'roles' ? 'role_id' : 'instance_id']: id })}>
                  {`${c.channel}: ${formatNumber(c.conversations)} conversations`}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export default function RoleBreakdownPage({ actor }: RouteViewProps<StatisticsActor>) {
  return <BreakdownPage entity="roles" statistics={actor} />;
}

/** "a role", "an instance". */
function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
