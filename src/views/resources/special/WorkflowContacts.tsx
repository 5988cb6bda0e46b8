import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { formatPhone } from '../../../format/phone';
import { relationItemId, type RelationRequest, type RelationSnapshot } from '../../../machines/relation';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { announceWhenDone } from '../../common/toasts';
import { useCan } from '../../PortalContext';
import { AssignPicker } from '../AssignPicker';
import { itemLabel } from '../RelationPanel';
import { useRelation, useRelationOperation } from '../useResource';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'done', label: 'Done' },
];
const statusLabel = (value: unknown) => STATUSES.find((s) => s.value === value)?.label ?? String(value ?? '—');
const selectAssigned = (s: RelationSnapshot) => s.context.assigned;
const selectAvailable = (s: RelationSnapshot) => s.context.available;

/** SPEC §7: a workflow's contacts — assign, update (status) with a body, remove. */
export function WorkflowContacts({ workflowId }: { workflowId: string }) {
  const key = 'workflows.contacts' as const;
  const relation = useRelation(key);
  const rows = useSelector(relation, selectAssigned);
  const available = useSelector(relation, selectAvailable);
  const list = useRelationOperation(relation, key, 'list');
  const availableOp = useRelationOperation(relation, key, 'available');
  const assign = useRelationOperation(relation, key, 'assign');
  const update = useRelationOperation(relation, key, 'update');
  const remove = useRelationOperation(relation, key, 'remove');
  const canEdit = useCan('Workflows', 'edit');
  const headingId = useId();

  useEffect(() => {
    relation.send({ type: 'relation.open', ownerId: workflowId });
  }, [relation, workflowId]);

  const assignedIds = new Set(rows.map(relationItemId));
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>Contacts</h2>
      <OperationError error={list.failed ? list.error : null} />
      {list.loading && rows.length === 0 ? (
        <LoadingState label="Loading contacts…" />
      ) : rows.length === 0 ? (
        <p>No contacts on this workflow.</p>
      ) : (
        <table className="resource-table" aria-label="Workflow contacts">
          <thead>
            <tr>
              <th scope="col">Contact</th>
              <th scope="col">Phone</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const contactId = relationItemId(row);
              const contact = (row.contact ?? {}) as Record<string, unknown>;
              return (
                <tr key={contactId}>
                  <td>
                    <Link href={`/contacts/${contactId}`}>{itemLabel(row)}</Link>
                  </td>
                  <td>{formatPhone(typeof contact.phone_number === 'string' ? contact.phone_number : null)}</td>
                  <td>
                    {canEdit ? (
                      <select
                        aria-label={`Status of ${itemLabel(row)}`}
                        value={String(row.status ?? 'pending')}
                        onChange={(e) => {
                          const status = e.target.value;
                          const change: RelationRequest = { type: 'relation.update', itemId: contactId, body: { status } };
                          announceWhenDone(relation, change, `“${itemLabel(row)}” is now ${statusLabel(status).toLowerCase()}.`);
                          relation.send(change);
                        }}
                      >
                        {STATUSES.map((s) => (
                          <option key={s.value} value={s.value}>
                            {s.label}
                          </option>
                        ))}
                      </select>
                    ) : (
                      statusLabel(row.status)
                    )}
                  </td>
                  <td>{String(row.attempts ?? 0)}</td>
                  <td className="row-actions">
                    {canEdit && (
                      <button type="button" className="button" aria-label={`Remove ${itemLabel(row)}`} disabled={remove.loading} onClick={(event) => {
                          const name = itemLabel(row);
                          // What the link carried, so Undo assigns it again as it was.
                          const link = { status: row.status ?? undefined, scheduled_at: row.scheduled_at ?? undefined, attempts: row.attempts ?? undefined };
                          // Focus stays in the panel: the row and its button are about to go (and after Undo, whose toast goes).
                          const heading = event.currentTarget.closest('section')?.querySelector<HTMLElement>('h2');
                          heading?.focus();
                          const removal: RelationRequest = { type: 'relation.remove', itemId: contactId };
                          announceWhenDone(relation, removal, `Removed “${name}”.`, {
                            label: 'Undo',
                            run: () => {
                              heading?.focus();
                              const again: RelationRequest = { type: 'relation.assign', itemId: contactId, body: link };
                              announceWhenDone(relation, again, `“${name}” assigned again.`);
                              relation.send(again);
                            },
                          });
                          relation.send(removal);
                        }}>
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <OperationError error={update.failed ? update.error : null} />
      <OperationError error={remove.failed ? remove.error : null} />
      {canEdit && (
        <AssignPicker
          relation={relation}
          label="Available contacts"
          items={available.filter((c) => !assignedIds.has(relationItemId(c)))}
          itemLabel={itemLabel}
          busy={assign.loading}
          buttonText="Assign contact"
        />
      )}
      <OperationError error={availableOp.failed ? availableOp.error : null} />
      <OperationError error={assign.failed ? assign.error : null} />
    </section>
  );
}
