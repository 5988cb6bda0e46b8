import type { SavedView } from '../../api/schemas/savedViews';
import { parseListState, serializeListState, type ListState } from './listState';
import type { SectionConfig } from './sectionConfig';

/** A list address with nothing chosen in it (what a menu link opens): the user's default view applies. */
export function isBareList(state: ListState): boolean {
  return state.search === '' && Object.keys(state.filters).length === 0 && state.show === 0 && state.page === 1 && !state.columns;
}

/**
 * A saved view as the list's state, keeping only what this list still knows (issue 30): a filter,
 * a sort on a column, or a shown column that no longer exists is dropped and the view still opens.
 * Always page 1.
 */
export function viewToState(view: SavedView, config: Pick<SectionConfig, 'filters' | 'columns' | 'defaultSort'>): ListState {
  const params = new URLSearchParams(view.query);
  const state = parseListState(`?${params.toString()}`, config.defaultSort);
  const filters = new Set(config.filters.map((f) => f.key));
  const sorts = new Set(config.columns.flatMap((c) => (c.sort ? [c.sort] : [])));
  if (config.defaultSort) sorts.add(config.defaultSort.replace(/^-/, ''));
  // Columns the list no longer has are left out (the account column exists under "All accounts").
  const known = new Set([...config.columns.map((c) => c.key), 'account_id']);
  const columns = view.columns?.filter((key) => known.has(key));
  const { columns: _fromQuery, ...rest } = state;
  return {
    ...rest,
    ...(columns?.length ? { columns } : {}),
    page: 1,
    filters: Object.fromEntries(Object.entries(state.filters).filter(([key]) => filters.has(key))),
    sort: sorts.has(state.sort.replace(/^-/, '')) ? state.sort : (config.defaultSort ?? ''),
  };
}

/** The list's state as a view's query (no page: a view is where a list starts; its columns are the view's `columns`). */
export function stateToQuery(state: ListState, defaultSort = ''): Record<string, string> {
  const { columns: _kept, ...query } = state;
  return Object.fromEntries(new URLSearchParams(serializeListState({ ...query, page: 1 }, defaultSort).slice(1)));
}

/** The saved view the list shows now, if any (same search, filters, sort and page size). */
export function currentViewName(views: readonly SavedView[], state: ListState, config: Pick<SectionConfig, 'filters' | 'columns' | 'defaultSort'>): string | null {
  const now = serializeListState({ ...state, page: 1 }, config.defaultSort);
  return views.find((view) => serializeListState(viewToState(view, config), config.defaultSort) === now)?.name ?? null;
}
