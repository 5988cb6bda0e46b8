import { useEffect, useRef } from 'react';
import type { Query } from '../../api/query';
import { bulkDeleteSelectors } from '../../machines/bulkDelete.api';
import type { BulkSelectionActor } from '../../machines/bulkSelection';
import { bulkSelectionSelectors } from '../../machines/bulkSelection.api';
import { MAX_BULK_RECORDS } from '../../machines/bulkSelection';
import { bulkFailureText, recordsText, useBulkDelete, useBulkDeleteState } from '../actors/useBulkDelete';
import { useBulkSelection, useBulkSelectionState } from '../actors/useBulkSelection';

interface BulkBarProps {
  section: string;
  selection: BulkSelectionActor;
  /** Every row of the page is picked: "Select all N matching" is offered. */
  pageAllPicked: boolean;
  /** The list's search, filters and sort (no page): what "all matching" means. */
  query: Query;
  total: number;
  canDelete: boolean;
  /** The visible columns' keys, in order: what an export holds. */
  columns: string[];
  /** After Undo the Undo button is gone: where focus goes (the page's "Select this page" box). */
  onUndone: () => void;
}

const exportName = (section: string) => `${section}-selected-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * What the list's selection can do (issue 30): how many are picked, "Select all N matching",
 * delete (with Undo) and export them; the progress of paging through "all matching"; and this
 * section's bulk delete waiting in its Undo window, being sent, or reporting failures by name.
 */
export function BulkBar({ section, selection, pageAllPicked, query, total, canDelete, columns, onUndone }: BulkBarProps) {
  const select = useBulkSelection(selection);
  const count = useBulkSelectionState(selection, bulkSelectionSelectors.count);
  const matching = useBulkSelectionState(selection, bulkSelectionSelectors.matching);
  const collecting = useBulkSelectionState(selection, bulkSelectionSelectors.collecting);
  const progress = useBulkSelectionState(selection, bulkSelectionSelectors.progress);
  const purpose = useBulkSelectionState(selection, bulkSelectionSelectors.purpose);
  const problem = useBulkSelectionState(selection, bulkSelectionSelectors.problem);
  const bulk = useBulkDelete();
  const ofSection = bulkDeleteSelectors(section);
  const waiting = useBulkDeleteState(ofSection.waiting);
  const sending = useBulkDeleteState(ofSection.sending);
  const failures = useBulkDeleteState(ofSection.failures);

  // The rows go with the click, and so does the Delete button: focus waits on Undo.
  const undo = useRef<HTMLButtonElement>(null);
  const deleting = useRef(false);
  useEffect(() => {
    if (waiting && deleting.current) {
      deleting.current = false;
      undo.current?.focus();
    }
  }, [waiting]);

  const status = collecting && progress
    ? `${purpose === 'delete' ? 'Preparing the delete' : 'Preparing the export'}: ${progress.done} of ${progress.total} ${recordsText(section, progress.total).replace(/^\d+ /, '')} collected…`
    : sending
      ? `Deleting ${recordsText(section, sending.items.length)}: ${sending.done} done…`
      : '';

  return (
    <div className="bulk-bar">
      {count > 0 && (
        <>
          <p className="bulk-count">{matching ? `All ${count} matching selected` : `${count} selected`}</p>
          {!matching && pageAllPicked && total > count && total <= MAX_BULK_RECORDS && (
            <button type="button" className="button" onClick={() => select.pickMatching(query, total)}>
              {`Select all ${total} matching`}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className="button button-danger"
              disabled={collecting}
              onClick={() => {
                deleting.current = true;
                select.deleteSelected();
              }}
            >
              Delete selected
            </button>
          )}
          <button type="button" className="button" disabled={collecting} onClick={() => select.exportSelected(columns, exportName(section))}>
            Export selected (CSV)
          </button>
          {collecting ? (
            <button type="button" className="button" onClick={select.cancel}>
              Cancel
            </button>
          ) : (
            <button type="button" className="link-button" onClick={select.clear}>
              Clear selection
            </button>
          )}
        </>
      )}
      {waiting && (
        <p>
          {`${recordsText(section, waiting.items.length)} deleted. `}
          <button
            ref={undo}
            type="button"
            className="button"
            onClick={() => {
              bulk.undo(waiting.id);
              onUndone();
            }}
          >
            Undo
          </button>
        </p>
      )}
      <p role="status" className={status ? undefined : 'visually-hidden'}>
        {status}
      </p>
      {(problem || failures) && (
        <div className="bulk-problem" role="alert">
          {problem && <p>{`The selection could not be collected: ${problem}`}</p>}
          {failures && (
            <p>
              {bulkFailureText(failures)}{' '}
              <button type="button" className="link-button" onClick={() => bulk.dismiss(failures.batch)}>
                Dismiss
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
