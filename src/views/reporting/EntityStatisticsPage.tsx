import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { StatisticsEntity } from '../../api/reporting';
import { debounce } from '../../format/debounce';
import { formatMoney } from '../../format/money';
import { formatNumber } from '../../format/number';
import { formatElapsedMinutes } from '../../format/elapsed';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { usePermissions, useNavigate } from '../PortalContext';
import { isGlobal } from '../../machines/permissions';
import { ReferenceValue } from '../resources/ReferenceValue';
import { useReferenceNames } from '../resources/useReferences';
import { DateRangeForm } from './DateRangeForm';
import { rangeFrom, withParams } from './dateRange';
import { ExportStatus } from './ExportStatus';
import { Grade } from './Grade';
import { Pagination } from '../common/Pagination';
import { SortableHeader, sortDirectionOf } from '../common/SortableHeader';
import { ReportingNav } from './ReportingNav';
import { useAccountId, useSearchParams } from './useReporting';
import { useChildOperation } from '../common/useOperation';
import { useActorApi } from '../actors/useActorApi';
import { statisticsApi } from '../../machines/statistics.api';
import type { StatisticsActor } from '../../machines/statistics';
import type { RouteViewProps } from '../../route';
import { entityLoad } from './routeData';
import { useScopeName } from '../common/useScopeName';

const COLUMNS = [
  { key: 'name', label: 'Name', numeric: false },
  { key: 'conversations', label: 'Conversations', numeric: true },
  { key: 'minutes', label: 'Talk time', numeric: true },
  { key: 'cost', label: 'Cost', numeric: true },
  { key: 'grade_score', label: 'Grade score', numeric: true },
] as const;

/**
 * Role or instance statistics: one row each, searchable, sortable, paged and exportable from the
 * URL. `statistics` is the route's page actor; the route actor loads the URL's rows
 * (views/reporting/routeData.ts), so a change of search, sort or page is a change of the URL.
 */
export function EntityStatisticsPage({ entity, statistics }: { entity: StatisticsEntity; statistics: StatisticsActor }) {
  const stats = useActorApi(statistics, statisticsApi);
  const params = useSearchParams();
  const navigate = useNavigate();
  const accountId = useAccountId();
  const path = `/reporting/${entity}`;
  const kind = entity === 'roles' ? 'roles' : 'instances';
  const list = useChildOperation(statistics, kind);
  const exported = useChildOperation(statistics, 'export');
  const { from, to } = rangeFrom(params);
  const search = params.get('search') ?? '';
  const sort = params.get('sort') ?? '-conversations';
  const title = entity === 'roles' ? 'Role statistics' : 'Instance statistics';
  const singular = entity === 'roles' ? 'role' : 'instance';
  // Under one account the rows are that account's: the heading names it (issue 26 item 7).
  const scope = useScopeName();
  const [text, setText] = useState(search);
  // Under "All accounts" each account has its own "Analyst" or "Main line": each row says whose it is.
  const permissions = usePermissions();
  const showsAccount = accountId === null && isGlobal(permissions, 'Reporting');
  const accounts = useReferenceNames(showsAccount && list.output ? [{ section: 'accounts', ids: list.output.data.map((row) => row.account_id) }] : []);

  // A retry asks again for the URL's rows, as the route did.
  const load = () => stats.loadEach([entityLoad(entity, params)]);

  const go = (changes: Record<string, string | undefined>) => navigate.go(withParams(path, params, { page: undefined, ...changes }), true);
  // Search applies after a 300 ms pause (SPEC §9), like the resource lists.
  const latestGo = useRef(go);
  latestGo.current = go;
  const pushSearch = useMemo(() => debounce((value: string) => latestGo.current({ search: value.trim() || undefined })), []);
  useEffect(() => () => pushSearch.cancel(), [pushSearch]);
  useEffect(() => setText((typed) => (typed.trim() === search ? typed : search)), [search]);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    pushSearch.flush();
  };
  const sortBy = (key: string) => go({ sort: sort === `-${key}` ? key : `-${key}` });

  return (
    <section className="page">
      <h1>{scope ? `${title} for ${scope}` : title}</h1>
      <ReportingNav />
      <div className="report-toolbar">
        <DateRangeForm key={`${from}-${to}`} from={from} to={to} onApply={(range) => go(range)} />
        <form role="search" className="report-filters" onSubmit={submitSearch}>
          <div className="field">
            <label htmlFor={`${entity}-search`}>Search {entity}</label>
            <input id={`${entity}-search`} type="search" value={text} maxLength={200} onChange={(e) => { setText(e.target.value); pushSearch(e.target.value); }} />
          </div>
        </form>
        <button type="button" className="button" onClick={() => stats.exportFile(kind, { from, to, search: search || undefined, sort })}>
          Export CSV
        </button>
      </div>
      <ExportStatus state={exported.state} filename={exported.output} error={exported.error} />
      <OperationError error={list.error} onRetry={load} />
      {list.loading && !list.output && <LoadingState label={`Loading ${entity}…`} />}
      {list.output && list.output.data.length === 0 && <p>{search ? `No ${entity} match “${search}”.` : `No ${entity} to report on yet.`}</p>}
      {list.output && list.output.data.length > 0 && (
        <div className="report-table-wrap" aria-busy={list.loading}>
          <table className="report-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <SortableHeader key={c.key} label={c.label} direction={sortDirectionOf(sort, c.key)} onSort={() => sortBy(c.key)} className={c.numeric ? 'num' : undefined} />
                ))}
                <th scope="col">Average grade</th>
                <th scope="col">Grades A / B / C / D / F</th>
                {showsAccount && <th scope="col">Account</th>}
              </tr>
            </thead>
            <tbody>
              {list.output.data.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link href={withParams(`${path}/breakdown`, new URLSearchParams(), { id: row.id, from, to })}>{row.name}</Link>
                  </th>
                  <td className="num">{formatNumber(row.conversations)}</td>
                  <td className="num">{formatElapsedMinutes(row.minutes)}</td>
                  <td className="num">{formatMoney(row.cost)}</td>
                  <td className="num">{row.grade_score === null ? '—' : formatNumber(row.grade_score)}</td>
                  <td><Grade grade={row.average_grade} /></td>
                  <td>{`${row.grades.A} / ${row.grades.B} / ${row.grades.C} / ${row.grades.D} / ${row.grades.F}`}</td>
                  {showsAccount && (
                    <td>{row.account_id === null ? 'All accounts' : <ReferenceValue section="accounts" value={row.account_id} lookup={accounts} />}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination meta={list.output.meta} label={`${title} pages`} busy={list.loading} onPage={(p) => go({ page: String(p) })} onShow={(show) => go({ show: String(show) })} />
        </div>
      )}
      <p>{`Open a ${singular} for its breakdown by day, grade, disposition and channel.`}</p>
    </section>
  );
}

export default function RoleStatisticsPage({ actor }: RouteViewProps<StatisticsActor>) {
  return <EntityStatisticsPage entity="roles" statistics={actor} />;
}
