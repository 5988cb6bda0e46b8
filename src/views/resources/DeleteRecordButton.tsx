import { useEffect, useState } from 'react';
import type { ResourceRecord } from '../../api/resources';
import type { ResourceActor } from '../../machines/resource';
import { OperationError } from '../common/OperationError';
import { announceWhenDone } from '../common/toasts';
import { resourceOperation } from '../../machines/resource';
import { ConfirmDialog } from './ConfirmDialog';
import { inSentence } from './sectionConfig';
import { useResourceOperation } from './useResource';

/** Delete with a confirmation first (issue 3); the failure shows SPEC §8's summary and detail. */
export function DeleteRecordButton({ resource, record, title, singular, compact = false }: {
  resource: ResourceActor;
  record: ResourceRecord;
  title: string;
  singular: string;
  /** In a table row: a link-styled button, the failure announced without taking the row's space. */
  compact?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const remove = useResourceOperation(resource, 'delete');
  const failed = asked && remove.failed;

  // The dialog closes once the call is over, whichever way it went.
  useEffect(() => {
    if (asked && !remove.loading) setConfirming(false);
  }, [asked, remove.loading]);

  return (
    <>
      <button type="button" className={compact ? 'link-button' : 'button button-danger'} aria-label={`Delete ${title}`} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {failed && !compact && <OperationError error={remove.error} />}
      {failed && compact && <span className="visually-hidden" role="alert">{`${remove.error?.summary ?? ''}: ${remove.error?.detail ?? ''}`}</span>}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${inSentence(singular)}?`}
          message={`“${title}” will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.loading}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setAsked(true);
            resource.send({ type: 'resource.delete', id: record.id });
            announceWhenDone(resourceOperation(resource, 'delete'), `“${title}” deleted.`);
          }}
        />
      )}
    </>
  );
}

/**
 * Leaves a record's page once that record is deleted. It lives in the page, not in the button:
 * the deleted record leaves the resource actor, so the button unmounts with it.
 */
export function useLeaveWhenDeleted(resource: ResourceActor, id: string, to: string, go: (to: string, replace?: boolean) => void): void {
  const removal = useResourceOperation(resource, 'delete');
  useEffect(() => {
    if (removal.succeeded && removal.output === id) go(to, true);
  }, [removal.succeeded, removal.output, id, to, go]);
}
