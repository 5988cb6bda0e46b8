import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { EntityStatistics } from '../../api/schemas/reporting';
import { formatMoney } from '../../format/money';
import { formatNumber } from '../../format/number';
import { formatClock, formatElapsedMinutes } from '../../format/elapsed';
import { formatTimestamp } from '../../format/timestamp';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { SortableHeader, sortDirectionOf } from '../common/SortableHeader';
import { Timestamp } from '../common/Timestamp';
import { useTimeZone } from '../common/TimeZone';
import { useScopeName } from '../common/useScopeName';
import { useNavigate } from '../PortalContext';
import { DispositionChart, GradeChart } from './charts/ConversationCharts';
import { BarChart, type ChartDatum } from './charts/BarChart';
import { TimeSeriesChart } from './charts/TimeSeriesChart';
import { DateRangeForm } from './DateRangeForm';
import { rangeFrom, withParams } from './dateRange';
import { overviewLoads } from './routeData';
import { ExportStatus } from './ExportStatus';
import { Grade } from './Grade';
import { ReportingNav } from './ReportingNav';
import { useChildOperation, useSearchParams } from './useReporting';
import type { StatisticsActor } from '../../machines/statistics';
import type { RouteViewProps } from '../../route';
import { useActorApi } from '../actors/useActorApi';
import { statisticsApi } from '../../machines/statistics.api';
import { useNamesWithAccounts } from '../common/useNamesWithAccounts';
import { ReportTable } from './ReportTable';

const PATH = '/reporting';

// Issue 29's latency and evaluation statistics: their own chunk, after the overview's figures.
const ReviewStatistics = lazy(() => import('./review/ReviewStatistics'));

/**
 * Dispositions by label, most conversations first: accounts each have their own "Order status
 * given", which would otherwise repeat; a bar drills down to all the ids behind its label.
 */
function dispositionBars(rows: ReadonlyArray<{ id: string | number | null; label: string | null; conversations: number }>, hrefOf: (ids: string[]) => string): ChartDatum[] {
  const byLabel = new Map<string, { value: number; ids: string[] }>();
  for (const row of rows) {
    const label = row.label ?? 'No disposition';
    const entry = byLabel.get(label) ?? { value: 0, ids: [] };
    entry.value += row.conversations;
    if (row.id !== null) entry.ids.push(String(row.id));
    byLabel.set(label, entry);
  }
  return [...byLabel.entries()]
    .sort((a, b) => b[1].value - a[1].value)
    .map(([label, { value, ids }]) => ({ label, value, ...(ids.length ? { href: hrefOf(ids) } : {}) }));
}

// The roles table sorts in the page (the API answers every role at once); its order is in the URL.
const ROLE_COLUMNS = [
  { key: 'name', label: 'Role', numeric: false },
  { key: 'conversations', label: 'Conversations', numeric: true },
  { key: 'share', label: 'Share', numeric: true },
  { key: 'cost', label: 'Cost', numeric: true },
  { key: 'grade_score', label: 'Average grade', numeric: false },
] as const;

function sortedRoles(rows: readonly EntityStatistics[], sort: string): EntityStatistics[] {
  const key = sort.replace(/^-/, '') as (typeof ROLE_COLUMNS)[number]['key'];
  const sign = sort.startsWith('-') ? -1 : 1;
  const value = (r: EntityStatistics) => (key === 'name' ? r.name : ((r as Record<string, unknown>)[key] as number | null) ?? -1);
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return sign * (typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : (x as number) - (y as number));
  });
}

/** /reporting: the overview's figures; `statistics` is the statistics actor, the route's (views/reporting/routeData.ts). */
export default function ReportingOverview({ actor: statistics }: RouteViewProps<StatisticsActor>) {
  const stats = useActorApi(statistics, statisticsApi);
  const timeZone = useTimeZone();
  const params = useSearchParams();
  const { from, to } = rangeFrom(params);
  const navigate = useNavigate();
  // Under one account the figures are that account's: the title names it.
  const scope = useScopeName();
  const global = useChildOperation(statistics, 'global');
  const active = useChildOperation(statistics, 'active');
  const series = useChildOperation(statistics, 'timeseries');
  const roles = useChildOperation(statistics, 'globalRoles');
  const rankings = useChildOperation(statistics, 'rankings');
  const exported = useChildOperation(statistics, 'export');
  // Under "All accounts" several accounts have a "Support" role: a name that repeats says whose it is.
  const roleName = useNamesWithAccounts([
    ...(roles.output ?? []).map((r) => ({ id: String(r.id), name: r.name, account_id: r.account_id })),
    ...(rankings.output ?? []).map((r) => ({ id: String(r.role_id), name: r.name, account_id: (r as Record<string, unknown>).account_id })),
  ]);
  const rolesSortParam = params.get('roles_sort') ?? '';
  const rolesSort = ROLE_COLUMNS.some((c) => rolesSortParam.replace(/^-/, '') === c.key) ? rolesSortParam : '-conversations';

  // The URL's range and the account filter decide what the figures cover: the route actor loads
  // them for each new range or account (machines/route.ts, views/reporting/routeData.ts).
  const reload = () => {
    stats.loadEach(overviewLoads(params));
  };

  // SPEC §4: the statistics can be reset; a person wants the default range's figures back, not blanks.
  const resetFiltersAndFigures = () => {
    stats.reset();
    if (from || to) navigate.go(PATH, true);
    else reload();
  };
  // Drilldowns: a figure opens the Conversations page filtered to it, in this range.
  const conversationsOf = (changes: Record<string, string | readonly string[] | undefined>) => withParams('/reporting/conversations', new URLSearchParams(), { from, to, ...changes });
  const follow = (href: string | undefined) => href && navigate.go(href);

  const totals = global.output;
  const exportFile = (kind: 'global' | 'timeseries' | 'globalRoles' | 'rankings') => stats.exportFile(kind, { from, to });

  return (
    <section className="page">
      <h1>Reporting</h1>
      <ReportingNav />
      <div className="report-toolbar">
        <DateRangeForm key={`${from}-${to}`} from={from} to={to} onApply={(range) => navigate.go(withParams(PATH, params, range), true)} />
        <button type="button" className="button" onClick={resetFiltersAndFigures}>
          Reset filters and figures
        </button>
      </div>
      <ExportStatus state={exported.state} filename={exported.output} error={exported.error} />

      <section className="panel" aria-labelledby="global-title">
        <h2 id="global-title">{scope ? `Statistics for ${scope}` : 'Global statistics'}{from || to ? ` (${from ?? 'start'} to ${to ?? 'today'})` : ' (all time)'}</h2>
        <OperationError error={global.error} onRetry={reload} />
        {global.loading && !totals && <LoadingState label="Loading statistics…" />}
        {global.idle && !totals && <p>No statistics loaded. Choose Reload to fetch them again.</p>}
        {totals && (
          <>
            <dl className="stat-grid" aria-busy={global.loading}>
              <div className="stat"><dt>Conversations</dt><dd>{formatNumber(totals.conversations ?? 0)}</dd></div>
              <div className="stat"><dt>Talk time</dt><dd>{formatElapsedMinutes(totals.minutes ?? 0)}</dd></div>
              <div className="stat"><dt>Cost</dt><dd>{formatMoney(totals.cost ?? 0)}</dd></div>
              <div className="stat"><dt>Average duration</dt><dd>{formatClock(totals.average_duration_seconds ?? 0)}</dd></div>
              <div className="stat"><dt>Average grade</dt><dd><Grade grade={totals.average_grade} /></dd></div>
              <div className="stat"><dt>Active now</dt><dd>{formatNumber(totals.active ?? 0)}</dd></div>
            </dl>
            <div className="chart-row">
              {totals.grades && (
                <GradeChart grades={totals.grades} hrefOf={(grade) => conversationsOf({ grade })} onSelect={(d) => follow(d.href)} />
              )}
              {totals.dispositions && totals.dispositions.length > 0 && (
                <DispositionChart data={dispositionBars(totals.dispositions, (ids) => conversationsOf({ disposition: ids }))} onSelect={(d) => follow(d.href)} />
              )}
            </div>
          </>
        )}
        <button type="button" className="button" onClick={() => exportFile('global')}>Export global statistics</button>
      </section>

      <section className="panel" aria-labelledby="active-title">
        <h2 id="active-title">Active conversations</h2>
        <OperationError error={active.error} />
        {active.output && active.output.count === 0 && <p>No conversation is in progress.</p>}
        {active.output && active.output.count > 0 && (
          <ul>
            {active.output.conversations.map((c) => (
              <li key={c.uuid}>
                {/* The time stays outside the link (it is focusable for its full date and time); the link's name
                    starts with what it shows and says when, so each one differs (WCAG 2.5.3). */}
                <Link href={`/reporting/conversations/${c.uuid}`} aria-label={`${c.channel === 'voice' ? 'Call' : 'Chat'} ${c.direction}, started ${formatTimestamp(c.started_at, undefined, undefined, timeZone)}`}>
                  {`${c.channel === 'voice' ? 'Call' : 'Chat'} ${c.direction}`}
                </Link>
                {' started '}
                <Timestamp value={c.started_at} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel" aria-labelledby="series-title">
        <h2 id="series-title">Conversations per day</h2>
        <OperationError error={series.error} />
        {series.loading && !series.output && <LoadingState label="Loading time series…" />}
        {series.output && (
          <TimeSeriesChart
            title={`Conversations per day, ${series.output.from} to ${series.output.to}`}
            valueLabel="Conversations"
            format={formatNumber}
            points={series.output.points.map((p) => ({ date: p.date, value: p.conversations }))}
            onSelect={(p) => follow(conversationsOf({ from: p.date, to: p.date }))}
          />
        )}
        <button type="button" className="button" onClick={() => exportFile('timeseries')}>Export time series</button>
      </section>

      <section className="panel" aria-labelledby="roles-title">
        <h2 id="roles-title">Roles</h2>
        <OperationError error={roles.error} />
        {roles.output && (
          <ReportTable label="Roles">
            <caption className="visually-hidden">Share of conversations by role</caption>
            <thead>
              <tr>
                {ROLE_COLUMNS.map((column) => (
                  <SortableHeader
                    key={column.key}
                    label={column.label}
                    direction={sortDirectionOf(rolesSort, column.key)}
                    className={column.numeric ? 'num' : undefined}
                    onSort={() => navigate.go(withParams(PATH, params, { roles_sort: rolesSort === `-${column.key}` ? column.key : `-${column.key}` }), true)}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {sortedRoles(roles.output, rolesSort).map((r) => (
                <tr key={r.id}>
                  <th scope="row">{roleName(r.id, r.name)}</th>
                  <td className="num">{formatNumber(r.conversations)}</td>
                  <td className="num">{`${formatNumber((r.share ?? 0) * 100)}%`}</td>
                  <td className="num">{formatMoney(r.cost)}</td>
                  <td><Grade grade={r.average_grade} /></td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
        )}
        <button type="button" className="button" onClick={() => exportFile('globalRoles')}>Export roles</button>
        <h3>Role rankings</h3>
        <OperationError error={rankings.error} />
        {rankings.output && rankings.output.length === 0 && <p>No role has graded conversations in this range.</p>}
        {rankings.output && rankings.output.length > 0 && (
          <BarChart
            title="Role rankings by grade score (A = 4 … F = 0)"
            orientation="horizontal"
            valueLabel="Grade score"
            labelHeader="Role"
            format={formatNumber}
            data={rankings.output.map((r) => ({
              label: `${r.rank}. ${roleName(r.role_id, r.name)} (${r.average_grade ?? '—'})`,
              value: r.grade_score ?? 0,
              href: withParams('/reporting/roles/breakdown', new URLSearchParams(), { id: String(r.role_id), from, to }),
            }))}
            onSelect={(d) => follow(d.href)}
          />
        )}
        <button type="button" className="button" onClick={() => exportFile('rankings')}>Export rankings</button>
      </section>
      <Suspense fallback={<LoadingState label="Loading review statistics…" />}>
        <ReviewStatistics from={from} to={to} />
      </Suspense>
    </section>
  );
}
