import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import type { ResourceRecord } from '../../api/resources';
import type { ResourceActor, ResourceRequest } from '../../machines/resource';
import { resourceApi } from '../../machines/resource.api';
import { useActorApi } from '../actors/useActorApi';
import { useRequest } from '../common/useOperation';
import { OperationError } from '../common/OperationError';
import { announcing } from '../common/toasts';
import { focusHeadingOnArrival } from '../common/arrivalFocus';
import { useNavigate } from '../PortalContext';
import { ConfirmDialog } from './ConfirmDialog';
import { restoreBodyOf, restoreDeleted } from './restoreDeleted';
import { SECTION_CONFIGS } from './sectionConfigs';
import { inSentence } from './sectionConfig';

interface DeleteProps {
  resource: ResourceActor;
  record: ResourceRecord;
  title: string;
  singular: string;
  /** In a table row: a link-styled button, the failure announced without taking the row's space. */
  compact?: boolean;
  /** On the section's own delete page (accounts): the button deletes, it does not lead there. */
  onDeletePage?: boolean;
}

/**
 * Delete, confirmed first (issue 3) — or, where the record can be created again (restoreDeleted.ts),
 * at once with Undo in the toast. A failure shows SPEC §8's summary and detail.
 *
 * A list has one of these per row: until it is first pressed it is only a button (no
 * subscriptions), and the flow that follows the delete mounts with the first press.
 */
export function DeleteRecordButton(props: DeleteProps) {
  // The presses of this record's button: a list reuses its rows for the next page's records, and
  // a flow started for one record never follows its button to another.
  const [pressed, setPressed] = useState<{ id: ResourceRecord['id']; presses: number } | null>(null);
  const presses = pressed?.id === props.record.id ? pressed.presses : 0;
  const button = useRef<HTMLButtonElement>(null);
  const page = props.onDeletePage ? undefined : SECTION_CONFIGS[props.resource.getSnapshot().context.section].deletePage?.(String(props.record.id));
  if (page) {
    return (
      <Link href={page} className={props.compact ? 'link-button' : 'button button-danger'} aria-label={`Delete ${props.title}`}>
        Delete
      </Link>
    );
  }
  return (
    <>
      <button ref={button} type="button" className={props.compact ? 'link-button' : 'button button-danger'} aria-label={`Delete ${props.title}`} onClick={() => setPressed({ id: props.record.id, presses: presses + 1 })}>
        Delete
      </button>
      {presses > 0 && <DeleteFlow key={String(props.record.id)} {...props} presses={presses} button={button} />}
    </>
  );
}

/** What a press of Delete starts: the confirmation or the delete itself, its failure and its Undo. */
function DeleteFlow({ resource, record, title, singular, compact = false, presses, button }: DeleteProps & { presses: number; button: RefObject<HTMLButtonElement | null> }) {
  const [confirming, setConfirming] = useState(false);
  const resource$ = useActorApi(resource, resourceApi);
  // The dialog closes once the call is over, whichever way it went.
  const close = () => setConfirming(false);
  const deletion = useRequest<ResourceRequest>(resource$.operationOf('delete'), { failed: close });
  const failed = deletion.failure;
  const navigate = useNavigate();
  const config = SECTION_CONFIGS[resource.getSnapshot().context.section];
  const restoreBody = useMemo(() => restoreBodyOf(config, record), [config, record]);
  const deleted = () => {
    close();
    // In a list the row goes: focus moves to the next row (else the previous one), not to the page body.
    if (compact) focusNeighbourRow(button.current);
  };
  const deleteNow = () => {
    const undo = restoreBody ? { label: 'Undo', run: () => restoreDeleted(resource, config, restoreBody, (to) => navigate.go(to)) } : undefined;
    // The success is heard by listeners, not read from state: in a list the row (and this view)
    // leaves with it, so focus moves from here before it goes, and the announcement with its
    // Undo is said even when the view has gone meanwhile.
    deletion.ask(() => resource$.remove(record.id, { succeeded: deleted }, announcing(`“${title}” deleted.`, undo)));
  };
  // Each press of the button (the first one mounted this flow); the ref keeps a press from counting twice.
  const pressed = useRef(0);
  useEffect(() => {
    if (presses === pressed.current) return;
    pressed.current = presses;
    if (restoreBody) deleteNow();
    else setConfirming(true);
  }, [presses]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {failed && !compact && <OperationError error={failed} />}
      {failed && compact && <span className="visually-hidden" role="alert">{`${failed.summary}: ${failed.detail}`}</span>}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${inSentence(singular)}?`}
          message={`“${title}” will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={deletion.busy}
          onCancel={() => setConfirming(false)}
          onConfirm={deleteNow}
        />
      )}
    </>
  );
}

/**
 * Focuses the first link or button of the row that takes the deleted one's place (the next
 * record; the previous one when it was the last; the list's count when none is left), once React
 * has removed it. By position: a
 * list's rows are reused for other records (ListPage keys them by place).
 */
function focusNeighbourRow(from: HTMLElement | null): void {
  const row = from?.closest('tr');
  const body = row?.parentElement;
  if (!row || !(body instanceof HTMLTableSectionElement)) return;
  const place = row.sectionRowIndex;
  // After the commit that removes the row (and the dialog, which gives focus back to its opener).
  setTimeout(() => {
    const neighbour = (body.rows[place] ?? body.rows[place - 1])?.querySelector<HTMLElement>('a[href], button');
    // The last row gone: the list's count says what happened (ListPage's summary), not the page body.
    const outcome = neighbour ?? body.closest('.page')?.querySelector<HTMLElement>('.list-summary');
    outcome?.focus();
  }, 0);
}

/**
 * Leaves a record's page once that record is deleted. It lives in the page, not in the button:
 * the deleted record leaves the resource actor, so the button unmounts with it.
 */
export function useLeaveWhenDeleted(resource: ResourceActor, id: string, to: string, go: (to: string, replace?: boolean) => void): void {
  useEffect(() => {
    const subscription = resource.on('resource.succeeded', (outcome) => {
      if (outcome.kind !== 'delete' || outcome.output !== id) return;
      // The list's heading takes focus, not the page body (the toast says what was deleted).
      focusHeadingOnArrival(to);
      go(to, true);
    });
    return () => subscription.unsubscribe();
  }, [resource, id, to, go]);
}
