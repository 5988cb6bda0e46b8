import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import type { RelationItem, RelationKey } from '../../api/relations';
import { relationSelectors, unassignedItems } from '../../machines/relation.api';
import { relationItemId } from '../../machines/relation';
import { useRelation, useRelationActor, useRelationOperation, useRelationState } from '../actors/useRelation';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { announce } from '../common/toasts';
import type { ResourceKey } from '../../api/resources';
import { AssignPicker } from './AssignPicker';
import { withPlainReferenceErrors } from './referenceErrors';
import { RelationListHeader, RemoveButton, ShowMoreRows, useRelationList } from './relationList';
import { inSentence } from './sectionConfig';
import { SECTION_CONFIGS } from './sectionConfigs';
import { inAccountOrGlobal } from './useReferences';

/** Relations the portal only reads (SPEC §7: a contact's workflows). */
const READ_ONLY: ReadonlySet<RelationKey> = new Set(['contacts.workflows']);

export function itemLabel(item: RelationItem): string {
  const contact = item.contact as RelationItem | undefined;
  return String(item.label ?? item.name ?? contact?.name ?? `#${relationItemId(item)}`);
}

/**
 * Assigned items with Remove, and an "available" picker with Assign (SPEC §7 relations). Every
 * assigned item is reachable: the actor reads every page, the panel says how many there are,
 * searches them once the list is long and shows them in steps.
 */
export function RelationPanel({ relationKey, ownerId, ownerAccountId = null, title, editable }: { relationKey: RelationKey; ownerId: string; ownerAccountId?: string | null; title: string; editable: boolean }) {
  const relation = useRelationActor(relationKey);
  const api = useRelation(relation);
  const assigned = useRelationState(relation, relationSelectors.assigned);
  const available = useRelationState(relation, relationSelectors.available);
  const list = useRelationOperation(relation, relationKey, 'list');
  const more = useRelationOperation(relation, relationKey, 'more');
  const availableOp = useRelationOperation(relation, relationKey, 'available');
  const assign = useRelationOperation(relation, relationKey, 'assign');
  const remove = useRelationOperation(relation, relationKey, 'remove');
  const view = useRelationList(relation, api, itemLabel);
  const headingId = useId();
  const related = relationKey.split('.')[1]!;
  const noun = title.toLowerCase();
  const canChange = editable && !READ_ONLY.has(relationKey);

  useEffect(() => {
    api.open(ownerId);
  }, [api, ownerId]);

  // Only what fits the owner (its account's items and the global ones: a user's roles), and
  // nothing already assigned, checked against every assigned item, not one page of them.
  const choices = inAccountOrGlobal(unassignedItems(assigned, available), ownerAccountId);
  // "The selected roles.1 is invalid." in plain words about the related item.
  const assignError = withPlainReferenceErrors(assign.failed ? assign.error : null, () => inSentence(SECTION_CONFIGS[related as ResourceKey]?.singular ?? 'item'));

  return (
    <section className="panel relation-panel" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>{title}</h2>
      <OperationError error={list.failed ? list.error : null} onRetry={api.reload} />
      {list.loading && assigned.length === 0 ? (
        <LoadingState label={`Loading ${noun}…`} />
      ) : assigned.length === 0 && !list.failed ? (
        <p>None assigned.</p>
      ) : (
        <>
          <RelationListHeader view={view} noun={noun} />
          <ul className="relation-list" aria-label={`Assigned ${noun}`} ref={view.listRef}>
            {view.rows.map((item) => (
              <li key={relationItemId(item)}>
                <Link href={`/${related}/${relationItemId(item)}`} data-row-focus="">
                  {itemLabel(item)}
                </Link>
                {canChange && <RemoveButton api={api} itemId={relationItemId(item)} name={itemLabel(item)} disabled={remove.loading} />}
              </li>
            ))}
          </ul>
          <ShowMoreRows view={view} more={more} api={api} />
        </>
      )}
      <OperationError error={remove.failed ? remove.error : null} />
      {canChange && (
        <AssignPicker
          label={`Available ${noun}`}
          items={choices}
          itemLabel={itemLabel}
          busy={assign.loading}
          onAssign={(itemId, name) => api.assign(itemId, { succeeded: () => announce(`Assigned “${name}”.`) })}
        />
      )}
      <OperationError error={availableOp.failed ? availableOp.error : null} onRetry={api.reloadAvailable} />
      <OperationError error={assignError} />
    </section>
  );
}
