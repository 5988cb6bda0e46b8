import type { Query } from '../api/query';
import type { ResourceRecord } from '../api/resources';
import type { BulkSelectionActor, BulkSelectionSnapshot } from './bulkSelection';

/** The list selection's named senders (issue 25's convention). */
export function bulkSelectionApi(selection: BulkSelectionActor) {
  return {
    /** Ticks or unticks one row; `page` is the page's records (unticking one of "all matching" keeps the rest of the page). */
    toggle: (record: ResourceRecord, page: ResourceRecord[]) => selection.send({ type: 'selection.toggle', record, page }),
    pickPage: (records: ResourceRecord[]) => selection.send({ type: 'selection.pickPage', records }),
    unpickPage: (records: ResourceRecord[]) => selection.send({ type: 'selection.unpickPage', records }),
    /** Every record matching `query` (the list's search, filters and sort): the filter, not ids. */
    pickMatching: (query: Query, total: number) => selection.send({ type: 'selection.pickMatching', query, total }),
    clear: () => selection.send({ type: 'selection.clear' }),
    /** The list's search, filters and sort now (a key); another one clears the selection. */
    scope: (scope: string) => selection.send({ type: 'selection.scope', scope }),
    deleteSelected: () => selection.send({ type: 'selection.delete' }),
    exportSelected: (columns: string[], filename: string) => selection.send({ type: 'selection.export', columns, filename }),
    cancel: () => selection.send({ type: 'selection.cancel' }),
  };
}

export type BulkSelectionActorApi = ReturnType<typeof bulkSelectionApi>;

export const bulkSelectionSelectors = {
  pickedIds: (s: BulkSelectionSnapshot) => s.context.pickedIds,
  /** How many records the selection holds: the matching total, or the picked rows. */
  count: (s: BulkSelectionSnapshot) => s.context.matching?.total ?? s.context.picked.length,
  matching: (s: BulkSelectionSnapshot) => s.context.matching !== null,
  collecting: (s: BulkSelectionSnapshot) => s.hasTag('busy'),
  progress: (s: BulkSelectionSnapshot) => s.context.progress,
  /** Deleting or exporting: what the collect is for. */
  purpose: (s: BulkSelectionSnapshot) => s.context.purpose?.kind ?? null,
  problem: (s: BulkSelectionSnapshot) => s.context.problem,
};
