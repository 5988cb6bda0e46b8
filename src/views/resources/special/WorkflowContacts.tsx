import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { formatPhone } from '../../../format/phone';
import { relationItemId, type RelationSnapshot } from '../../../machines/relation';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { useCan } from '../../PortalContext';
import { AssignPicker } from '../AssignPicker';
import { itemLabel } from '../RelationPanel';
import { useRelation, useRelationOperation } from '../useResource';

const STATUSES = ['pending', 'active', 'done'];
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

  useEffect(() => {
    relation.send({ type: 'relation.open', ownerId: workflowId });
  }, [relation, workflowId]);

  const assignedIds = new Set(rows.map(relationItemId));
  return (
    <section className="panel" aria-label="Contacts">
      <h2>Contacts</h2>
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
                        onChange={(e) => relation.send({ type: 'relation.update', itemId: contactId, body: { status: e.target.value } })}
                      >
                        {STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    ) : (
                      String(row.status ?? '—')
                    )}
                  </td>
                  <td>{String(row.attempts ?? 0)}</td>
                  <td className="row-actions">
                    {canEdit && (
                      <button type="button" className="button" aria-label={`Remove ${itemLabel(row)}`} onClick={() => relation.send({ type: 'relation.remove', itemId: contactId })}>
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
