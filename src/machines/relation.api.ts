import type { RelationItem } from '../api/relations';
import { onOutcome, type OutcomeHandlers } from './operation';
import { relationItemId, type RelationActor, type RelationRequest, type RelationSnapshot } from './relation';

/**
 * A relation actor's named API (convention: auth.api.ts): what a panel may ask of it and read
 * from it. A write's sender takes the handlers of its own outcome (operation.ts onOutcome), so a
 * view confirms exactly the write it asked for.
 */
export function relationApi(relation: RelationActor) {
  const request = (event: RelationRequest, handlers?: OutcomeHandlers) => {
    if (handlers) onOutcome(relation, event, handlers);
    relation.send(event);
  };
  return {
    /** Points the relation at an owner: reads its items (every page) and what may be added. */
    open: (ownerId: string, query?: Record<string, string | number>) => relation.send({ type: 'relation.open', ownerId, query }),
    /** Reads the owner's items again (a retry), with the last query. */
    reload: () => request({ type: 'relation.list' }),
    reloadAvailable: () => request({ type: 'relation.available' }),
    /** Reads on past where the last read stopped (its bound: api/pages.ts). */
    readMore: () => request({ type: 'relation.more' }),
    assign: (itemId: string, handlers?: OutcomeHandlers, body?: Record<string, unknown>) => request({ type: 'relation.assign', itemId, body }, handlers),
    update: (itemId: string, body: Record<string, unknown>, handlers?: OutcomeHandlers) => request({ type: 'relation.update', itemId, body }, handlers),
    remove: (itemId: string, handlers?: OutcomeHandlers) => request({ type: 'relation.remove', itemId }, handlers),
  };
}

export type RelationActorApi = ReturnType<typeof relationApi>;

/**
 * What the Available picker may offer: the server's available items that are not among the
 * assigned ones, checked against every assigned item read (all pages), never one page of them.
 */
export function unassignedItems(assigned: readonly RelationItem[], available: readonly RelationItem[]): RelationItem[] {
  const ids = new Set(assigned.map(relationItemId));
  return available.filter((item) => !ids.has(relationItemId(item)));
}

/** Reads of a relation actor for `useSelector` (module-level, so they are stable). */
export const relationSelectors = {
  assigned: (s: RelationSnapshot) => s.context.assigned,
  available: (s: RelationSnapshot) => s.context.available,
  /** How many the owner has (the server's count, kept in step with this portal's writes). */
  total: (s: RelationSnapshot) => s.context.total,
  /** Some of the owner's items are not read yet (the list is longer than one read's bound). */
  hasMore: (s: RelationSnapshot) => s.context.next !== null,
};
