import { useEffect, useState } from 'react';
import type { ResourceRecord } from '../../api/resources';
import type { ResourceActor, ResourceRequest } from '../../machines/resource';
import { OperationError } from '../common/OperationError';
import { announceWhenDone } from '../common/toasts';
import { ConfirmDialog } from './ConfirmDialog';
import { inSentence } from './sectionConfig';
import { useRequest, useResourceOperation } from './useResource';

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
  const remove = useResourceOperation(resource, 'delete');
  const deletion = useRequest(resource);
  const failed = deletion.failure;
  // The dialog closes once the call is over, whichever way it went.
  const close = () => setConfirming(false);

  return (
    <>
      <button type="button" className={compact ? 'link-button' : 'button button-danger'} aria-label={`Delete ${title}`} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {failed && !compact && <OperationError error={failed} />}
      {failed && compact && <span className="visually-hidden" role="alert">{`${failed.summary}: ${failed.detail}`}</span>}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${inSentence(singular)}?`}
          message={`“${title}” will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.loading}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            const request: ResourceRequest = { type: 'resource.delete', id: record.id };
            announceWhenDone(resource, request, `“${title}” deleted.`);
            deletion.send(request, { succeeded: close, failed: close });
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
  useEffect(() => {
    const subscription = resource.on('resource.succeeded', (outcome) => {
      if (outcome.kind === 'delete' && outcome.output === id) go(to, true);
    });
    return () => subscription.unsubscribe();
  }, [resource, id, to, go]);
}
