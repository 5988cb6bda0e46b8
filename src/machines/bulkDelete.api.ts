import { NO_IDS, type BulkDeleteActor, type BulkDeleteSnapshot, type BulkItem } from './bulkDelete';

/** The bulk-delete actor's named senders (issue 25's convention). */
export function bulkDeleteApi(bulk: BulkDeleteActor) {
  return {
    /** Hides `items` at once and deletes them after the Undo window. */
    schedule: (section: string, items: BulkItem[]) => bulk.send({ type: 'bulkDelete.schedule', section, items }),
    /** Brings the waiting batch's rows back (only `batch`, when given: a stale toast's Undo does nothing). */
    undo: (batch?: number) => bulk.send(batch === undefined ? { type: 'bulkDelete.undo' } : { type: 'bulkDelete.undo', batch }),
    /** Sends the waiting batch now. */
    commit: () => bulk.send({ type: 'bulkDelete.commit' }),
    dismiss: (batch: number) => bulk.send({ type: 'bulkDelete.dismiss', batch }),
  };
}

export type BulkDeleteActorApi = ReturnType<typeof bulkDeleteApi>;

const selectorsBySection = new Map<string, ReturnType<typeof sectionSelectors>>();

function sectionSelectors(section: string) {
  return {
    /** Ids the section's list must not show (waiting, being deleted, deleted). Stable while unchanged. */
    hidden: (s: BulkDeleteSnapshot) => s.context.hidden[section] ?? NO_IDS,
    /** The batch inside its Undo window, when it is this section's. */
    waiting: (s: BulkDeleteSnapshot) => (s.hasTag('undoable') && s.context.waiting?.section === section ? s.context.waiting : null),
    /** This section's batches being sent: records settled of records asked. */
    sending: (s: BulkDeleteSnapshot) => s.context.sending.find((b) => b.section === section) ?? null,
    /** The newest report of this section that named failures, while not dismissed. */
    failures: (s: BulkDeleteSnapshot) => s.context.reports.findLast((r) => r.section === section && r.failed.length > 0) ?? null,
  };
}

/** Reads of the bulk-delete actor for one section's list (module-level per section: stable for useSelector). */
export function bulkDeleteSelectors(section: string) {
  let selectors = selectorsBySection.get(section);
  if (!selectors) selectorsBySection.set(section, (selectors = sectionSelectors(section)));
  return selectors;
}

export const bulkDeleteBusy = (s: BulkDeleteSnapshot) => s.hasTag('busy') || s.hasTag('undoable');
