import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { openBulkDelete } from '../../machines/areas/bulk';
import { bulkDeleteApi, type BulkDeleteActorApi } from '../../machines/bulkDelete.api';
import { UNDO_WINDOW_MS, type BulkDeleteActor, type BulkDeleteSnapshot, type BulkReport } from '../../machines/bulkDelete';
import { sectionByKey } from '../../sections';
import { announce, dismissToast } from '../common/toasts';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The session's bulk-delete actor (Undo windows that outlive the page), opened on first use. */
export function useBulkDeleteActor(): BulkDeleteActor {
  const portal = usePortal();
  return useMemo(() => {
    const bulk = openBulkDelete(portal);
    announceOutcomes(bulk);
    return bulk;
  }, [portal]);
}

/** Named senders of the bulk-delete actor, stable per actor. */
export function useBulkDelete(): BulkDeleteActorApi {
  return useActorApi(useBulkDeleteActor(), bulkDeleteApi);
}

/** A read of the bulk-delete actor: pass one of `bulkDeleteSelectors(section)` (machines/bulkDelete.api.ts). */
export function useBulkDeleteState<T>(select: (snapshot: BulkDeleteSnapshot) => T): T {
  return useSelector(useBulkDeleteActor(), select);
}

const announced = new WeakSet<BulkDeleteActor>();

/**
 * The toasts of a bulk delete, wherever the user is by then (the actor outlives the list page):
 * "30 contacts deleted." with Undo for the whole window, and the records that could not be
 * deleted, by name (their rows are back in the list). Subscribed once per actor.
 */
function announceOutcomes(bulk: BulkDeleteActor): void {
  if (announced.has(bulk)) return;
  announced.add(bulk);
  const api = bulkDeleteApi(bulk);
  const toastOf = new Map<number, number>();
  bulk.on('bulkDelete.scheduled', ({ batch }) => {
    toastOf.set(batch.id, announce(`${recordsText(batch.section, batch.items.length)} deleted.`, { label: 'Undo', run: () => api.undo(batch.id) }, UNDO_WINDOW_MS));
  });
  bulk.on('bulkDelete.undone', ({ batch }) => {
    const toast = toastOf.get(batch.id);
    if (toast !== undefined) dismissToast(toast);
    announce(`Undone: ${recordsText(batch.section, batch.items.length)} kept.`);
  });
  bulk.on('bulkDelete.settled', ({ report }) => {
    const toast = toastOf.get(report.batch);
    if (toast !== undefined) dismissToast(toast);
    toastOf.delete(report.batch);
    if (report.failed.length > 0) announce(bulkFailureText(report));
  });
}

/** "30 contacts", "1 record" (a section's label is plural). */
export function recordsText(section: string, count: number): string {
  return count === 1 ? '1 record' : `${count} ${sectionByKey(section)?.label.toLowerCase() ?? 'records'}`;
}

/** "2 of 30 contacts could not be deleted: Ann (…), Bob (…)." */
export function bulkFailureText(report: BulkReport): string {
  const total = report.deleted + report.failed.length;
  const names = report.failed.slice(0, 10).map((f) => `${f.name} (${f.detail})`).join(', ');
  const more = report.failed.length > 10 ? ` and ${report.failed.length - 10} more` : '';
  return `${report.failed.length} of ${recordsText(report.section, total)} could not be deleted: ${names}${more}. Their rows are back in the list.`;
}
