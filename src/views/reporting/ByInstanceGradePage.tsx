import { useEffect } from 'react';
import { Link } from 'wouter';
import { GRADES, type Grade } from '../../api/schemas/reporting';
import { formatNumber } from '../../format/number';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { DrilldownConversations } from './DrilldownConversations';
import { rangeFrom, withParams } from './dateRange';
import { pageSizeOf } from '../common/pageSize';
import { ReportingNav } from './ReportingNav';
import { useNamesWithAccounts } from '../common/useNamesWithAccounts';
import { useAccountId, useReporting, useSearchParams } from './useReporting';
import { useChildOperation } from '../common/useOperation';
import { useConversationReportList } from '../actors/useConversationReportList';
import type { StatisticsActor } from '../../machines/statistics';
import type { RouteViewProps } from '../../route';
import { useRevealResults } from './useRevealResults';
import { ReportTable } from './ReportTable';

const PATH = '/reporting/conversations-by-instance-grade';

/** Instances × letter grades; a cell lists its conversations (GET /reporting/grades/conversations). */
export default function ByInstanceGradePage({ actor: statistics }: RouteViewProps<StatisticsActor>) {
  const { conversations } = useReporting();
  const lists = useConversationReportList();
  const params = useSearchParams();
  const accountId = useAccountId();
  const instances = useChildOperation(statistics, 'instances');
  const global = useChildOperation(statistics, 'global');
  // Under "All accounts" several accounts have a "Main line": a name that repeats says whose it is.
  const nameOf = useNamesWithAccounts((instances.output?.data ?? []).map((i) => ({ id: String(i.id), name: i.name, account_id: i.account_id })));
  const list = useChildOperation(conversations, 'byGrade');
  const { from, to } = rangeFrom(params);
  const grade = (GRADES as readonly string[]).includes(params.get('grade') ?? '') ? (params.get('grade') as Grade) : null;
  const instance = params.get('instance') ?? '';
  const page = Number(params.get('page')) || 1;
  const show = pageSizeOf(params);

  // The matrix (instances and their total) is the route's first call (views/reporting/routeData.ts
  // gradeMatrixLoads, on the page actor); a chosen cell's conversations come with the URL's cell.
  useEffect(() => {
    if (grade) lists.byGrade([grade], { from, to, page, show, filter: instance ? { instance_id: instance } : {} });
  }, [lists, accountId, grade, instance, from, to, page, show]);

  const cell = (g: Grade, count: number, instanceId?: string) => {
    const href = withParams(PATH, params, { grade: g, instance: instanceId, page: undefined });
    const current = grade === g && instance === (instanceId ?? '');
    return (
      <td className="num" key={g}>
        {count > 0 ? <Link href={href} aria-current={current ? 'true' : undefined} aria-label={`${formatNumber(count)} grade ${g} conversations${instanceId ? '' : ' across all instances'}`}>{formatNumber(count)}</Link> : '0'}
      </td>
    );
  };
  const chosen = instances.output?.data.find((i) => i.id === instance);
  const resultsHeading = useRevealResults(grade ? `${grade}|${instance}` : '', list.output !== undefined && !list.loading);

  return (
    <section className="page">
      <h1>Conversations by instance grade</h1>
      <ReportingNav />
      <OperationError error={instances.error} />
      <OperationError error={global.error} />
      {instances.loading && !instances.output && <LoadingState label="Loading instances…" />}
      <ReportTable label="Conversations per instance and grade" className="matrix">
        <caption>Conversations per instance and letter grade. Choose a number to list those conversations.</caption>
        <thead>
          <tr><th scope="col">Instance</th>{GRADES.map((g) => <th key={g} scope="col" className="num">{g}</th>)}</tr>
        </thead>
        <tbody>
          {global.output?.grades && (
            <tr><th scope="row">All instances</th>{GRADES.map((g) => cell(g, global.output!.grades![g]))}</tr>
          )}
          {instances.output?.data.map((i) => (
            <tr key={i.id}><th scope="row">{nameOf(i.id, i.name)}</th>{GRADES.map((g) => cell(g, i.grades[g], i.id))}</tr>
          ))}
        </tbody>
      </ReportTable>
      {instances.output && instances.output.data.length === 0 && <p>No instance exists yet, so only the totals across all conversations are shown.</p>}
      {grade && (
        <DrilldownConversations id="grade-list-title" title={`Grade ${grade} conversations${chosen ? ` on ${chosen.name}` : ''}`} headingRef={resultsHeading} list={list} path={PATH} params={params} />
      )}
    </section>
  );
}
