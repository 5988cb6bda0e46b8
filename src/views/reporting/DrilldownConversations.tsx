import type { Ref } from 'react';
import type { List } from '../../api/envelope';
import type { Conversation } from '../../api/schemas/reporting';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { Pagination } from '../common/Pagination';
import type { OperationView } from '../common/useOperation';
import { useNavigate } from '../PortalContext';
import { ConversationsTable } from './ConversationsTable';
import { withParams } from './dateRange';

/**
 * The conversations behind a chosen figure (a grade, a disposition), listed under the figures:
 * its heading takes focus when they arrive (useRevealResults), pages and page size live in the URL.
 */
export function DrilldownConversations({ id, title, headingRef, list, path, params }: {
  id: string;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  list: OperationView<List<Conversation>>;
  /** The page's path and query: paging changes only `page` and `show`. */
  path: string;
  params: URLSearchParams;
}) {
  const navigate = useNavigate();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>{title}</h2>
      <OperationError error={list.error} />
      {list.loading && !list.output && <LoadingState label="Loading conversations…" />}
      {list.output && (
        <div aria-busy={list.loading}>
          <ConversationsTable rows={list.output.data} labelledBy={id} />
          <Pagination
            meta={list.output.meta}
            label="Conversation pages"
            busy={list.loading}
            onPage={(p) => navigate.go(withParams(path, params, { page: String(p) }), true)}
            onShow={(show) => navigate.go(withParams(path, params, { show: String(show), page: undefined }), true)}
          />
        </div>
      )}
    </section>
  );
}
