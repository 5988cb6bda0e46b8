import { useEffect, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import type { List } from '../../api/envelope';
import { GRADES, type Conversation, type DispositionCount, type Grade } from '../../api/schemas/reporting';
import { listOperation } from '../../machines/conversationReportList';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { useNavigate } from '../PortalContext';
import { conversationQueryFromUrl } from './conversationQuery';
import { ConversationsTable } from './ConversationsTable';
import { withParams } from './dateRange';
import type { DownloadProgress } from '../../api/download';
import { ExportStatus } from './ExportStatus';
import { Pagination } from './Pagination';
import { ReportingNav } from './ReportingNav';
import { EARLIEST_DATE, LATEST_DATE } from '../../format/dateBounds';
import { useAccountId, useOperation, useReporting } from './useReporting';

const PATH = '/reporting/conversations';

interface Draft {
  search: string;
  from: string;
  to: string;
  grades: Grade[];
  dispositions: string[];
  channel: string;
  status: string;
}

function FiltersForm({ params, dispositions, onApply }: { params: URLSearchParams; dispositions: readonly DispositionCount[]; onApply: (draft: Draft) => void }) {
  const query = conversationQueryFromUrl(params);
  const [draft, setDraft] = useState<Draft>({
    search: query.search ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
    grades: [...(query.grades ?? [])],
    dispositions: [...(query.dispositions ?? [])],
    channel: query.filter?.channel ?? '',
    status: query.filter?.status ?? '',
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleGrade = (grade: Grade) => set('grades', draft.grades.includes(grade) ? draft.grades.filter((g) => g !== grade) : [...draft.grades, grade]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const known = dispositions.filter((d): d is DispositionCount & { id: string } => d.id !== null);
  return (
    <form className="report-filters" onSubmit={submit} aria-label="Conversation filters">
      <div className="field">
        <label htmlFor="conversations-search">Search</label>
        <input id="conversations-search" type="search" value={draft.search} onChange={(e) => set('search', e.target.value)} placeholder="uuid, phone, name, summary" />
      </div>
      <div className="field">
        <label htmlFor="conversations-from">From</label>
        <input id="conversations-from" type="date" value={draft.from} min={EARLIEST_DATE} max={draft.to || LATEST_DATE} onChange={(e) => set('from', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="conversations-to">To</label>
        <input id="conversations-to" type="date" value={draft.to} min={draft.from || EARLIEST_DATE} max={LATEST_DATE} onChange={(e) => set('to', e.target.value)} />
      </div>
      <fieldset>
        <legend>Grades</legend>
        {GRADES.map((g) => (
          <label key={g}>
            <input type="checkbox" checked={draft.grades.includes(g)} onChange={() => toggleGrade(g)} /> {`Grade ${g}`}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="conversations-dispositions">Dispositions</label>
        <select
          id="conversations-dispositions"
          multiple
          size={Math.min(4, Math.max(2, known.length))}
          value={draft.dispositions}
          onChange={(e) => set('dispositions', Array.from(e.target.selectedOptions, (o) => o.value))}
          disabled={known.length === 0}
        >
          {known.map((d) => (
            <option key={d.id} value={d.id}>{`${d.label ?? `Disposition ${d.id}`} (${d.conversations})`}</option>
          ))}
        </select>
        {known.length === 0 && <small>No conversation has a disposition yet.</small>}
      </div>
      <div className="field">
        <label htmlFor="conversations-channel">Channel</label>
        <select id="conversations-channel" value={draft.channel} onChange={(e) => set('channel', e.target.value)}>
          <option value="">Any</option>
          <option value="voice">Voice</option>
          <option value="chat">Chat</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="conversations-status">Status</label>
        <select id="conversations-status" value={draft.status} onChange={(e) => set('status', e.target.value)}>
          <option value="">Any</option>
          <option value="active">Active</option>
          <option value="completed">Completed</option>
          <option value="failed">Failed</option>
        </select>
      </div>
      <button type="submit" className="button button-primary">Apply filters</button>
    </form>
  );
}

export default function ConversationsPage() {
  const { conversations } = useReporting();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const navigate = useNavigate();
  const accountId = useAccountId();
  const list = useOperation<List<Conversation>>(listOperation(conversations, 'list'));
  const options = useOperation<DispositionCount[]>(listOperation(conversations, 'options'));
  const exported = useOperation<string>(listOperation(conversations, 'export'));
  const query = conversationQueryFromUrl(params);

  const load = () => conversations.send({ type: 'conversations.browse', query: conversationQueryFromUrl(new URLSearchParams(search)) });
  // The URL is the single source of truth: every change of it (or of the account filter) reloads.
  useEffect(load, [conversations, search, accountId]);
  useEffect(() => {
    conversations.send({ type: 'conversations.loadOptions' });
  }, [conversations, accountId]);

  const go = (changes: Record<string, string | readonly string[] | undefined>) => navigate.go(withParams(PATH, params, changes));
  const apply = (draft: Draft) =>
    go({
      page: undefined,
      search: draft.search.trim() || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
      grade: draft.grades,
      disposition: draft.dispositions,
      channel: draft.channel || undefined,
      status: draft.status || undefined,
    });
  const sort = query.sort ?? '-started_at';
  const sortBy = (key: string) => go({ sort: sort === `-${key}` ? key : `-${key}`, page: undefined });
  const { page: _page, ...exportQuery } = query;

  return (
    <section className="page">
      <h1>Conversations</h1>
      <ReportingNav />
      <FiltersForm key={search} params={params} dispositions={options.output ?? []} onApply={apply} />
      <div className="report-toolbar">
        {search && (
          <button type="button" className="button" onClick={() => navigate.go(PATH)}>
            Clear filters
          </button>
        )}
        <button type="button" className="button" onClick={() => conversations.send({ type: 'conversations.export', query: exportQuery })}>
          Export CSV
        </button>
      </div>
      <ExportStatus
        status={exported.status}
        filename={exported.output}
        error={exported.error}
        progress={exported.progress as DownloadProgress | undefined}
        onCancel={() => conversations.send({ type: 'conversations.cancelExport' })}
      />
      <OperationError error={options.error} />
      <OperationError error={list.error} onRetry={load} />
      {list.loading && !list.output && <LoadingState label="Loading conversations…" />}
      <p role="status">{list.output && !list.loading ? `${list.output.meta.total} conversations` : ''}</p>
      {list.output && list.output.data.length === 0 && <p>No conversation matches these filters.</p>}
      {list.output && list.output.data.length > 0 && (
        <div aria-busy={list.loading}>
          <ConversationsTable rows={list.output.data} caption="Conversations" sort={sort} onSort={sortBy} />
          <Pagination meta={list.output.meta} label="Conversation pages" onPage={(p) => go({ page: String(p) })} />
        </div>
      )}
    </section>
  );
}
