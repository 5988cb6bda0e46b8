import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { formatPhone } from '../../../format/phone';
import { relationItemId } from '../../../machines/relation';
import { relationSelectors, unassignedItems } from '../../../machines/relation.api';
import { useRelation, useRelationActor, useRelationOperation, useRelationState } from '../../actors/useRelation';
import { LoadingState } from '../../common/LoadingState';
import { OperationError } from '../../common/OperationError';
import { announce } from '../../common/toasts';
import { useCan } from '../../PortalContext';
import { AssignPicker } from '../AssignPicker';
import { itemLabel } from '../RelationPanel';
import { RelationListHeader, RemoveButton, ShowMoreRows, useRelationList } from '../relationList';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'done', label: 'Done' },
];
const statusLabel = (value: unknown) => STATUSES.find((s) => s.value === value)?.label ?? String(value ?? '—');

/** SPEC §7: a workflow's contacts — assign, update (status) with a body, remove. */
export function WorkflowContacts({ workflowId }: { workflowId: string }) {
  const key = 'workflows.contacts' as const;
  const relation = useRelationActor(key);
  const api = useRelation(relation);
  const assigned = useRelationState(relation, relationSelectors.assigned);
  const available = useRelationState(relation, relationSelectors.available);
  const view = useRelationList(relation, api, itemLabel);
  const list = useRelationOperation(relation, key, 'list');
  const more = useRelationOperation(relation, key, 'more');
  const availableOp = useRelationOperation(relation, key, 'available');
  const assign = useRelationOperation(relation, key, 'assign');
  const update = useRelationOperation(relation, key, 'update');
  const remove = useRelationOperation(relation, key, 'remove');
  const canEdit = useCan('Workflows', 'edit');
  const headingId = useId();

  useEffect(() => {
    api.open(workflowId);
  }, [api, workflowId]);

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>Contacts</h2>
      <OperationError error={list.failed ? list.error : null} onRetry={api.reload} />
      {list.loading && assigned.length === 0 ? (
        <LoadingState label="Loading contacts…" />
      ) : assigned.length === 0 && !list.failed ? (
        <p>No contacts on this workflow.</p>
      ) : (
        <>
          <RelationListHeader view={view} noun="contacts" />
          {/* Scrolls sideways on a phone, the name and Remove kept in view (resources.css). */}
          <div className="table-wrap">
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
              <tbody ref={view.listRef}>
                {view.rows.map((row) => {
                  const contactId = relationItemId(row);
                  const contact = (row.contact ?? {}) as Record<string, unknown>;
                  return (
                    <tr key={contactId}>
                      <td>
                        <Link href={`/contacts/${contactId}`} data-row-focus="">
                          {itemLabel(row)}
                        </Link>
                      </td>
                      <td>{formatPhone(typeof contact.phone_number === 'string' ? contact.phone_number : null)}</td>
                      <td>
                        {canEdit ? (
                          <select
                            aria-label={`Status of ${itemLabel(row)}`}
                            value={String(row.status ?? 'pending')}
                            onChange={(e) => {
                              const status = e.target.value;
                              const name = itemLabel(row);
                              api.update(contactId, { status }, { succeeded: () => announce(`“${name}” is now ${statusLabel(status).toLowerCase()}.`) });
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
                          // What the link carried, so Undo assigns it again as it was.
                          <RemoveButton api={api} itemId={contactId} name={itemLabel(row)} disabled={remove.loading} again={{ status: row.status ?? undefined, scheduled_at: row.scheduled_at ?? undefined, attempts: row.attempts ?? undefined }} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ShowMoreRows view={view} more={more} api={api} />
        </>
      )}
      <OperationError error={update.failed ? update.error : null} />
      <OperationError error={remove.failed ? remove.error : null} />
      {canEdit && (
        <AssignPicker
          label="Available contacts"
          items={unassignedItems(assigned, available)}
          itemLabel={itemLabel}
          busy={assign.loading}
          buttonText="Assign contact"
          onAssign={(contactId, name) => api.assign(contactId, { succeeded: () => announce(`Assigned “${name}”.`) })}
        />
      )}
      <OperationError error={availableOp.failed ? availableOp.error : null} onRetry={api.reloadAvailable} />
      <OperationError error={assign.failed ? assign.error : null} />
    </section>
  );
}
