import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { useNavigate } from '../PortalContext';
import { conversationQueryFromUrl } from './conversationQuery';
import { ConversationsTable } from './ConversationsTable';
import { withParams } from './dateRange';
import type { DownloadProgress } from '../../api/download';
import { ExportStatus } from './ExportStatus';
import { Pagination } from '../common/Pagination';
import { ReportingNav } from './ReportingNav';
import { ConversationFilters } from './filters/ConversationFilters';
import { useAccountId } from './useReporting';
import { useChildOperation } from '../common/useOperation';
import { useActorApi } from '../actors/useActorApi';
import { conversationListApi } from '../../machines/conversationReportList.api';
import type { ConversationListActor } from '../../machines/conversationReportList';
import type { RouteViewProps } from '../../route';
import { useReviewQueue, useReviewQueueState } from '../actors/useReviewQueue';
import { reviewQueueSelectors } from '../../machines/reviewQueue.api';
import { REVIEW_FILTERS } from './review/reviewFilters';
import { useLiveList } from '../actors/useLiveList';
import { LiveOffer } from '../common/LiveOffer';

const PATH = '/reporting/conversations';

/** /reporting/conversations: `conversations` is the conversation list actor, the route's; the route actor loads the URL's rows and the filters' options (views/reporting/conversationsRouteData.ts). */
export default function ConversationsPage({ actor: conversations }: RouteViewProps<ConversationListActor>) {
  const lists = useActorApi(conversations, conversationListApi);
  const search = useSearch();
  const params = new URLSearchParams(search);
  const navigate = useNavigate();
  const accountId = useAccountId();
  const list = useChildOperation(conversations, 'list');
  const options = useChildOperation(conversations, 'options');
  const exported = useChildOperation(conversations, 'export');
  const query = conversationQueryFromUrl(params);

  // The URL is the single source of truth: the route actor loads it for every change of it (or of
  // the account filter); a retry and the live offer's "show" ask again for the same query.
  const load = () => lists.browse(conversationQueryFromUrl(new URLSearchParams(search)));
  // Conversations started or ended elsewhere are offered ("3 new conversations — show"), not moved in under the pointer.
  const live = useLiveList('conversations', 'conversations', 'offer', load, `${accountId ?? ''}|${search}`);
  // "Next not evaluated" on a conversation page keeps these filters (issue 29's review queue).
  const queue = useReviewQueue();
  useEffect(() => queue.keepFilters(conversationQueryFromUrl(new URLSearchParams(search))), [queue, search]);

  const go = (changes: Record<string, string | readonly string[] | undefined>) => navigate.go(withParams(PATH, params, changes));
  const sort = query.sort ?? '-started_at';
  const sortBy = (key: string) => go({ sort: sort === `-${key}` ? key : `-${key}`, page: undefined });
  const { page: _page, ...exportQuery } = query;
  // A refused search is said beside the search box, not as a failed page.
  const searchErrors = list.error?.fieldErrors.search;
  // The last rows shown belong to another search: not listed under a refused one.
  const shown = searchErrors ? undefined : list.output;
  // The review filters (issue 29) only where the backend has evaluations: learnt once per session
  // from a listed conversation's evaluations, the conversation page's own first call (404/405:
  // hidden, quietly). Until then they show only if the address already uses one.
  const firstListed = shown?.data[0]?.uuid;
  useEffect(() => {
    if (firstListed) queue.checkSupport(firstListed);
  }, [queue, firstListed]);
  const reviewSupported = useReviewQueueState(reviewQueueSelectors.supported);
  const reviewMissing = useReviewQueueState(reviewQueueSelectors.unavailable);
  const reviewFilters = reviewSupported || (!reviewMissing && REVIEW_FILTERS.some((key) => params.has(key)));

  return (
    <section className="page">
      <h1>Conversations</h1>
      <ReportingNav />
      <ConversationFilters params={params} dispositions={options.output ?? []} onChange={(changes) => go(changes)} searchErrors={searchErrors} reviewFilters={reviewFilters} />
      <div className="report-toolbar">
        {search && (
          <button type="button" className="button" onClick={() => navigate.go(PATH)}>
            Reset filters
          </button>
        )}
        <button type="button" className="button" onClick={() => lists.exportFile(exportQuery)}>
          Export CSV
        </button>
      </div>
      <ExportStatus
        state={exported.state}
        filename={exported.output}
        error={exported.error}
        progress={exported.progress as DownloadProgress | undefined}
        onCancel={lists.cancelExport}
      />
      <OperationError error={options.error} />
      {!searchErrors && <OperationError error={list.error} onRetry={load} />}
      {list.loading && !list.output && <LoadingState label="Loading conversations…" />}
      <p role="status">{shown && !list.loading ? `${shown.meta.total} conversations` : ''}</p>
      <LiveOffer offered={live.offered} singular="conversation" plural="conversations" onShow={live.show} />
      {shown && shown.data.length === 0 && <p>No conversation matches these filters.</p>}
      {shown && shown.data.length > 0 && (
        <div aria-busy={list.loading}>
          <ConversationsTable rows={shown.data} caption="Conversations" sort={sort} onSort={sortBy} marks={live.marks} />
          <Pagination meta={shown.meta} label="Conversation pages" busy={list.loading} onPage={(p) => go({ page: String(p) })} onShow={(show) => go({ show: String(show), page: undefined })} />
        </div>
      )}
    </section>
  );
}
