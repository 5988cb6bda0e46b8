import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import type { ListMeta } from '../../api/envelope';
import { bulkDeleteSelectors } from '../../machines/bulkDelete.api';
import { bulkSelectionSelectors } from '../../machines/bulkSelection.api';
import { resourceApi, resourceSelectors } from '../../machines/resource.api';
import type { ResourceActor } from '../../machines/resource';
import type { RouteViewProps } from '../../route';
import { useArrivalFocus } from '../common/arrivalFocus';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { SearchField, useSearchText } from '../common/SearchField';
import { Pagination } from '../common/Pagination';
import { SortableHeader, sortDirectionOf } from '../common/SortableHeader';
import { LinkClicksHandled, useLinkClicks } from '../common/useLinkClicks';
import { useCan, useNavigate, usePermissions, usePortal } from '../PortalContext';
import { ChoiceSelect } from './ChoiceSelect';
import { listCells, ListRow } from './ListRow';
import { listQuery, parseListState, serializeListState, toggledSort, type ListState } from './listState';
import { inSentence, type Column } from './sectionConfig';
import { listColumnsOf, listNameRequests } from './listNames';
import { ReferenceLookupContext, useReferenceNames } from './useReferences';
import { useShowsAccount } from './useShowsAccount';
import { SavedViews } from './SavedViews';
import { SECTION_CONFIGS } from './sectionConfigs';
import { BotImport } from './special/BotImport';
import { ExportButton } from './special/ExportButton';
import { useActorApi } from '../actors/useActorApi';
import { useBulkDeleteState } from '../actors/useBulkDelete';
import { useBulkSelection, useBulkSelectionActor, useBulkSelectionState } from '../actors/useBulkSelection';
import { BulkBar } from './BulkBar';
import { ColumnChooser } from './ColumnChooser';
import { visibleColumns } from './visibleColumns';
import { useRefetchWhenVisible } from './useRefetchWhenVisible';
import { useLiveList } from '../actors/useLiveList';
import { liveMarksNote } from '../common/LiveMarks';
import './resources.css';


/** THE list page of every standard section: search, filters, sort and page live in the URL; `resource` is the section's actor (the route's). */
export default function ListPage({ route, actor: resource }: RouteViewProps<ResourceActor>) {
  const key = route.section!.key as ResourceKey;
  const config = SECTION_CONFIGS[key];
  const model = route.section!.model;
  const list$ = useActorApi(resource, resourceApi);
  const navigate = useNavigate();
  // A record deleted on its page comes back here: the heading takes focus (DeleteRecordButton).
  const heading = useArrivalFocus<HTMLHeadingElement>(`/${key}`);
  const linkClicks = useLinkClicks();
  const { accountFilter } = usePortal();
  const accountId = useSelector(accountFilter, (s) => s.context.accountId);
  const search = useSearch();
  const state = useMemo(() => parseListState(search, config.defaultSort), [search, config.defaultSort]);
  const list = useSelector(resource, resourceSelectors.list);
  // The resource retries a failed list by itself (on `online`, and with a backoff).
  const retryIn = useSelector(resource, resourceSelectors.listRetryIn);
  // The list's own state lives in the resource statechart (its `list` region).
  const loading = useSelector(resource, resourceSelectors.listLoading);
  const failure = useSelector(resource, resourceSelectors.listFailure);
  const canAdd = useCan(model, 'add') && !config.readOnly;
  const canEdit = useCan(model, 'edit') && !config.readOnly;
  const canDelete = useCan(model, 'delete') && !config.readOnly;

  const go = (next: ListState, replace = false) => navigate.go(`/${key}${serializeListState(next, config.defaultSort)}`, replace);

  // The URL drives the list: the route actor (machines/route.ts) browses, or follows the server's
  // link one page forward or back, for each new URL or account; this page only moves the URL.

  const latest = useRef(state);
  latest.current = state;
  const searchBox = useSearchText(state.search, (value) => go({ ...latest.current, search: value, page: 1 }, true), key);

  // Rows of a bulk delete (waiting for its Undo window, being sent, or gone) leave at once.
  const hidden = useBulkDeleteState(bulkDeleteSelectors(key).hidden);
  const rows: ResourceRecord[] = useMemo(() => {
    const data = list?.data ?? [];
    if (hidden.length === 0) return data;
    const gone = new Set(hidden);
    return data.filter((row) => !gone.has(String(row.id)));
  }, [list, hidden]);
  const meta = list?.meta;
  const reload = () => list$.browse(listQuery(latest.current));
  // Back from sleep or a long time in another tab: the list is asked again once.
  useRefetchWhenVisible(reload);
  // Changes made elsewhere (another browser, another user of the account): asked again, ≤ once a second.
  const live = useLiveList(key, key, 'refetch', reload, `${accountId ?? ''}|${search}`);
  const liveNote = useMemo(() => liveMarksNote(rows, live.marks), [rows, live.marks]);

  // The selection (issue 30): across pages of the same search, filters and sort; another one clears it.
  const selection = useBulkSelectionActor(key, config.titleOf);
  const select = useBulkSelection(selection);
  const pickedIds = useBulkSelectionState(selection, bulkSelectionSelectors.pickedIds);
  const matching = useBulkSelectionState(selection, bulkSelectionSelectors.matching);
  const matchingQuery = useMemo(() => {
    const { page: _page, show: _show, ...query } = listQuery(state);
    return query;
  }, [state]);
  const scope = useMemo(() => JSON.stringify([accountId, matchingQuery]), [accountId, matchingQuery]);
  useEffect(() => select.scope(scope), [select, scope]);
  const latestRows = useRef(rows);
  latestRows.current = rows;
  const toggle = useCallback((row: ResourceRecord) => select.toggle(row, latestRows.current), [select]);
  const pageAllPicked = rows.length > 0 && (matching || rows.every((row) => pickedIds.has(String(row.id))));
  const pageSomePicked = !pageAllPicked && rows.some((row) => pickedIds.has(String(row.id)));
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = pageSomePicked;
  }, [pageSomePicked]);
  const narrowed = state.search !== '' || Object.values(state.filters).some(Boolean);
  // Under "All accounts" identical names come from several accounts: each row says whose it is.
  const showsAccount = useShowsAccount(key) && accountId === null;
  const allColumns: Column[] = useMemo(() => listColumnsOf(config, showsAccount), [showsAccount, config]);
  // The column chooser's choice (the address's `columns=`), without columns the list no longer has.
  const chosen = state.columns;
  const columns: Column[] = useMemo(() => visibleColumns(allColumns, chosen), [allColumns, chosen]);
  const permissions = usePermissions();
  const cells = useMemo(() => listCells(config, columns, permissions), [config, columns, permissions]);
  const columnKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  // Foreign keys by name: one lookup per referenced section for the whole page (the first screen
  // waits for the first page's: views/shell/firstScreenReady.ts, so they are drawn with the rows).
  const lookup = useReferenceNames(listNameRequests(config, columns, rows));

  return (
    <section className="page">
      <div className="page-header">
        <h1 ref={heading} tabIndex={-1}>{route.section!.label}</h1>
        <div className="page-actions">
          <ColumnChooser all={allColumns} shown={columns} onChange={(chosenColumns) => go({ ...state, columns: chosenColumns }, true)} />
          {config.exportable && <ExportButton resource={resource} query={listQuery({ ...state, page: 1 })} columns={columnKeys} label={`Export ${route.section!.label.toLowerCase()}`} />}
          {canAdd && (
            <Link href={`/${key}/new`} className="button button-primary">
              New {inSentence(config.singular)}
            </Link>
          )}
        </div>
      </div>
      {config.importable && canAdd && <BotImport />}

      <form className="list-toolbar" role="search" aria-label={`Search ${route.section!.label}`} onSubmit={(e) => { e.preventDefault(); searchBox.flush(); }}>
        <SearchField text={searchBox.text} onChange={searchBox.change} />
        {config.filters.map((filter) => (
          <ChoiceSelect
            key={filter.key}
            label={filter.label}
            choices={filter.choices}
            choicesFrom={filter.choicesFrom}
            emptyLabel="All"
            searchLong
            value={state.filters[filter.key] ?? ''}
            onChange={(value) => go({ ...state, page: 1, filters: { ...state.filters, [filter.key]: value } })}
          />
        ))}
      </form>
      <SavedViews list={key} state={state} config={config} onApply={go} />
      {!config.readOnly && <BulkBar
        section={key}
        selection={selection}
        pageAllPicked={pageAllPicked}
        query={matchingQuery}
        total={meta?.total ?? 0}
        canDelete={canDelete}
        columns={columnKeys}
        onUndone={() => pageBox.current?.focus()}
      />}

      <OperationError error={failure} onRetry={reload} />
      {failure && list && (
        <p className="list-stale" role="status">
          {`The rows below are from before this failure and may not match this page, search or filters. ${retryIn ? `Trying again in ${retryIn} s, or as soon as the network returns.` : 'Trying again…'}`}
        </p>
      )}
      {loading && !list ? (
        <LoadingState label={`Loading ${route.section!.label.toLowerCase()}…`} />
      ) : (
        list && (
          <>
            {/* Focus comes here when a delete empties the table (DeleteRecordButton): the count is the outcome. */}
            <p role="status" className="list-summary" tabIndex={-1}>
              {listSummary(loading, list.data.length, meta)}
              {!loading && liveNote && ` · ${liveNote}`}
            </p>
            {rows.length === 0 && list.data.length > 0 && <p className="list-empty">Every row of this page is being deleted.</p>}
            {!loading && !failure && rows.length === 0 && list.data.length === 0 && narrowed && (
              <p className="list-empty">
                Nothing matches this search and these filters.{' '}
                <button type="button" className="button" onClick={() => go({ ...state, page: 1, search: '', filters: {} })}>
                  Clear search and filters
                </button>
              </p>
            )}
            <div className={failure ? 'table-wrap is-stale' : 'table-wrap'}>
              <table className="resource-table" aria-label={route.section!.label} aria-busy={loading} onClick={linkClicks}>
                <thead>
                  <tr>
                    {!config.readOnly && (
                      <th scope="col" className="row-select">
                        <input
                          ref={pageBox}
                          type="checkbox"
                          aria-label="Select this page"
                          checked={pageAllPicked}
                          disabled={rows.length === 0}
                          onChange={() => (pageAllPicked ? select.unpickPage(rows) : select.pickPage(rows))}
                        />
                      </th>
                    )}
                    {columns.map((column) =>
                      column.sort ? (
                        <SortableHeader key={column.key} label={column.label} direction={sortDirectionOf(state.sort, column.sort)} onSort={() => go({ ...state, page: 1, sort: toggledSort(state.sort, column.sort!) })} />
                      ) : (
                        <th key={column.key} scope="col">
                          {column.label}
                        </th>
                      ),
                    )}
                    {(canEdit || canDelete) && (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <ReferenceLookupContext value={lookup}>
                  {/* The table handles its links' clicks (onClick above): the cells' links can be plain anchors. */}
                  <LinkClicksHandled value>
                    <tbody>
                      {rows.map((row, place) => (
                        <ListRow
                          // By place, not by record: the next page, a sort or a search updates the rows'
                          // text in place instead of building 100 new rows (measured: bench/lists.ts).
                          // Per-record state (a delete under way) is keyed by record inside the row.
                          key={place}
                          section={key}
                          config={config}
                          cells={cells}
                          row={row}
                          showsAccount={showsAccount}
                          canEdit={canEdit}
                          canDelete={canDelete}
                          resource={resource}
                          selected={matching || pickedIds.has(String(row.id))}
                          mark={live.marks[String(row.id)]}
                          onToggle={toggle}
                        />
                      ))}
                    </tbody>
                  </LinkClicksHandled>
                </ReferenceLookupContext>
              </table>
            </div>
            {meta && (
              <Pagination
                meta={meta}
                busy={loading}
                onPage={(page) => go({ ...state, page })}
                onShow={(show) => go({ ...state, page: 1, show })}
              />
            )}
          </>
        )
      )}
    </section>
  );
}

/** The count above the table; it follows deletes (machines/resource.ts), down to the last match. */
function listSummary(loading: boolean, rowsOnPage: number, meta: ListMeta | undefined): string {
  if (loading) return 'Loading…';
  if (!meta || meta.total === 0) return 'No records found.';
  if (rowsOnPage === 0) return `No records left on this page (${meta.total} in all).`;
  return `Showing ${meta.from ?? 0}–${meta.to ?? 0} of ${meta.total}`;
}
