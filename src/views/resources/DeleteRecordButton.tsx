import { useEffect, useRef, useState } from 'react';
import type { ResourceRecord } from '../../api/resources';
import type { ResourceActor } from '../../machines/resource';
import { OperationError } from '../common/OperationError';
import { ConfirmDialog } from './ConfirmDialog';
import { useOperation } from './useResource';

/** Delete with a confirmation first (issue 3); the failure shows SPEC §8's summary and detail. */
export function DeleteRecordButton({ resource, record, title, singular, compact = false, onDeleted }: {
  resource: ResourceActor;
  record: ResourceRecord;
  title: string;
  singular: string;
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const remove = useOperation(resource, 'delete');
  const mine = remove.output === record.id || (remove.status === 1 && asked);
  const notified = useRef(false);

  useEffect(() => {
    if (!asked || remove.status === 1) return;
    setConfirming(false);
    if (remove.status === 2 && remove.output === record.id && !notified.current) {
      notified.current = true;
      onDeleted?.();
    }
  }, [asked, remove.status, remove.output, record.id, onDeleted]);

  return (
    <>
      <button type="button" className={compact ? 'link-button' : 'button button-danger'} aria-label={`Delete ${title}`} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {asked && mine && remove.status === 3 && !compact && <OperationError error={remove.error} />}
      {asked && compact && remove.status === 3 && <span className="visually-hidden" role="alert">{`${remove.error?.summary ?? ''}: ${remove.error?.detail ?? ''}`}</span>}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${singular.toLowerCase()}?`}
          message={`“${title}” will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.loading}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setAsked(true);
            resource.send({ type: 'resource.delete', id: record.id });
          }}
        />
      )}
    </>
  );
}
