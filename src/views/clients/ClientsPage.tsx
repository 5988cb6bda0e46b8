import '../resources/resources.css';
import { useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import type { Client } from '../../api/schemas/client';
import { openClients } from '../../machines/areas/resources';
import { clientListOperation, type ClientListSnapshot } from '../../machines/clientList';
import type { RouteViewProps } from '../../route';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { SearchField, useSearchText } from '../common/SearchField';
import { Pagination } from '../common/Pagination';
import { SortableHeader, sortDirectionOf } from '../common/SortableHeader';
import { Timestamp } from '../common/Timestamp';
import { useOperation } from '../common/useOperation';
import { useNavigate, usePortal } from '../PortalContext';
import { CLIENTS_DEFAULT_SORT as DEFAULT_SORT } from './routeData';
import { listQuery, parseListState, serializeListState, toggledSort, type ListState } from '../resources/listState';

const selectList = (s: ClientListSnapshot) => s.context.list;

/**
 * /clients: SPEC §3 "Client: read-only list" (GET /v1/clients/ and its pagination links). Search,
 * sort and page live in the URL like every list; there is no record page, no add, edit or delete.
 * Clients belong to accounts, so Accounts browse opens it (as the reference API checks).
 */
export default function ClientsPage({ route }: RouteViewProps) {
  const portal = usePortal();
  const clients = useMemo(() => openClients(portal), [portal]);
  const navigate = useNavigate();
  const accounts = useSelector(portal.accountFilter, (s) => s.context.accounts);
  const search = useSearch();
  const state = useMemo(() => parseListState(search, DEFAULT_SORT), [search]);
  const list = useSelector(clients, selectList);
  const browse = useOperation(useMemo(() => clientListOperation(clients, 'browse'), [clients]));
  const paginate = useOperation(useMemo(() => clientListOperation(clients, 'paginate'), [clients]));

  const go = (next: ListState, replace = false) => navigate.go(`/clients${serializeListState(next, DEFAULT_SORT)}`, replace);

  // The URL drives the list: the route actor browses or pages by link for each new URL or account
  // (machines/route.ts, views/clients/routeData.ts); this page only moves the URL.

  const latest = useRef(state);
  latest.current = state;
  const searchBox = useSearchText(state.search, (value) => go({ ...latest.current, search: value, page: 1 }, true));

  const failure = paginate.failed ? paginate.error : browse.failed ? browse.error : null;
  const loading = browse.loading || paginate.loading;
  const rows: Client[] = list?.data ?? [];
  const meta = list?.meta;
  const accountName = (id: unknown) => accounts.find((account) => String(account.id) === String(id))?.name ?? (id == null ? '—' : String(id));
  const label = route.section?.label ?? 'Clients';

  return (
    <section className="page">
      <div className="page-header">
        <h1>{label}</h1>
      </div>
      <form className="list-toolbar" role="search" aria-label={`Search ${label}`} onSubmit={(e) => { e.preventDefault(); searchBox.flush(); }}>
        <SearchField text={searchBox.text} onChange={searchBox.change} />
      </form>
      <OperationError error={failure} onRetry={() => clients.send({ type: 'clients.browse', query: listQuery(latest.current) })} />
      {loading && !list ? (
        <LoadingState label="Loading clients…" />
      ) : (
        list && (
          <>
            <p role="status" className="list-summary">
              {loading ? 'Loading…' : meta && meta.total > 0 ? `Showing ${meta.from ?? 0}–${meta.to ?? 0} of ${meta.total}` : 'No records found.'}
            </p>
            <div className="table-wrap">
              <table className="resource-table" aria-label={label} aria-busy={loading}>
                <thead>
                  <tr>
                    <SortableHeader label="Name" direction={sortDirectionOf(state.sort, 'name')} onSort={() => go({ ...state, page: 1, sort: toggledSort(state.sort, 'name') })} />
                    <th scope="col">Account</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.name ?? '—'}</th>
                      <td>{accountName(row.account_id)}</td>
                      <td><Timestamp value={row.created_at} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {meta && <Pagination meta={meta} busy={loading} onPage={(page) => go({ ...state, page })} onShow={(show) => go({ ...state, page: 1, show })} />}
          </>
        )
      )}
    </section>
  );
}
