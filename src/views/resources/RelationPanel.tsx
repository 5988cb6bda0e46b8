import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import type { RelationItem, RelationKey } from '../../api/relations';
import { relationItemId, type RelationRequest, type RelationSnapshot } from '../../machines/relation';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { announceWhenDone } from '../common/toasts';
import type { ResourceKey } from '../../api/resources';
import { AssignPicker } from './AssignPicker';
import { withPlainReferenceErrors } from './referenceErrors';
import { inSentence } from './sectionConfig';
import { SECTION_CONFIGS } from './sectionConfigs';
import { inAccountOrGlobal } from './useReferences';
import { useRelation, useRelationOperation } from './useResource';

const selectAssigned = (s: RelationSnapshot) => s.context.assigned;
const selectAvailable = (s: RelationSnapshot) => s.context.available;

/** Relations the portal only reads (SPEC §7: a contact's workflows). */
const READ_ONLY: ReadonlySet<RelationKey> = new Set(['contacts.workflows']);

export function itemLabel(item: RelationItem): string {
  const contact = item.contact as RelationItem | undefined;
  return String(item.label ?? item.name ?? contact?.name ?? `#${relationItemId(item)}`);
}

/** Assigned items with Remove, and an "available" picker with Assign (SPEC §7 relations). */
export function RelationPanel({ relationKey, ownerId, ownerAccountId = null, title, editable }: { relationKey: RelationKey; ownerId: string; ownerAccountId?: string | null; title: string; editable: boolean }) {
  const relation = useRelation(relationKey);
  const assigned = useSelector(relation, selectAssigned);
  const available = useSelector(relation, selectAvailable);
  const list = useRelationOperation(relation, relationKey, 'list');
  const availableOp = useRelationOperation(relation, relationKey, 'available');
  const assign = useRelationOperation(relation, relationKey, 'assign');
  const remove = useRelationOperation(relation, relationKey, 'remove');
  const headingId = useId();
  const related = relationKey.split('.')[1]!;
  const canChange = editable && !READ_ONLY.has(relationKey);

  useEffect(() => {
    relation.send({ type: 'relation.open', ownerId });
  }, [relation, ownerId]);

  const assignedIds = new Set(assigned.map(relationItemId));
  // Only what fits the owner: its account's items and the global ones (a user's roles).
  const choices = inAccountOrGlobal(available, ownerAccountId).filter((item) => !assignedIds.has(relationItemId(item)));
  // "The selected roles.1 is invalid." in plain words about the related item.
  const assignError = withPlainReferenceErrors(assign.failed ? assign.error : null, () => inSentence(SECTION_CONFIGS[related as ResourceKey]?.singular ?? 'item'));

  return (
    <section className="panel relation-panel" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>{title}</h2>
      <OperationError error={list.failed ? list.error : null} onRetry={() => relation.send({ type: 'relation.list' })} />
      {list.loading && assigned.length === 0 ? (
        <LoadingState label={`Loading ${title.toLowerCase()}…`} />
      ) : assigned.length === 0 ? (
        <p>None assigned.</p>
      ) : (
        <ul className="relation-list" aria-label={`Assigned ${title.toLowerCase()}`}>
          {assigned.map((item) => (
            <li key={relationItemId(item)}>
              <Link href={`/${related}/${relationItemId(item)}`}>{itemLabel(item)}</Link>
              {canChange && (
                <button type="button" className="button" aria-label={`Remove ${itemLabel(item)}`} disabled={remove.loading} onClick={(event) => {
                    const itemId = relationItemId(item);
                    const name = itemLabel(item);
                    // Focus stays in the panel: the row and its button are about to go (and after Undo, whose toast goes).
                    const heading = event.currentTarget.closest('section')?.querySelector<HTMLElement>('h2');
                    heading?.focus();
                    const removal: RelationRequest = { type: 'relation.remove', itemId };
                    announceWhenDone(relation, removal, `Removed “${name}”.`, {
                      label: 'Undo',
                      run: () => {
                        heading?.focus();
                        const again: RelationRequest = { type: 'relation.assign', itemId };
                        announceWhenDone(relation, again, `“${name}” assigned again.`);
                        relation.send(again);
                      },
                    });
                    relation.send(removal);
                  }}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <OperationError error={remove.failed ? remove.error : null} />
      {canChange && (
        <AssignPicker relation={relation} label={`Available ${title.toLowerCase()}`} items={choices} itemLabel={itemLabel} busy={assign.loading} />
      )}
      <OperationError error={availableOp.failed ? availableOp.error : null} onRetry={() => relation.send({ type: 'relation.available' })} />
      <OperationError error={assignError} />
    </section>
  );
}
