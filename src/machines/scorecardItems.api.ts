import type { ItemInput } from '../api/review';
import type { ScorecardItemsActor, ScorecardItemsSnapshot } from './scorecardItems';

/** The scorecard items editor's named API. */
export function scorecardItemsApi(ref: ScorecardItemsActor) {
  return {
    open: (scorecardId: string) => ref.send({ type: 'items.open', scorecardId }),
    add: () => ref.send({ type: 'items.add' }),
    remove: (index: number) => ref.send({ type: 'items.remove', index }),
    change: (index: number, changes: Partial<ItemInput>) => ref.send({ type: 'items.change', index, changes }),
    move: (index: number, by: -1 | 1) => ref.send({ type: 'items.move', index, by }),
    save: () => ref.send({ type: 'items.save' }),
  };
}

export const scorecardItemsSelectors = {
  loading: (s: ScorecardItemsSnapshot) => s.hasTag('loading'),
  editing: (s: ScorecardItemsSnapshot) => s.hasTag('editing'),
  busy: (s: ScorecardItemsSnapshot) => s.hasTag('busy'),
  failed: (s: ScorecardItemsSnapshot) => s.hasTag('failed'),
  saveFailed: (s: ScorecardItemsSnapshot) => s.hasTag('saveFailed'),
  unavailable: (s: ScorecardItemsSnapshot) => s.hasTag('unavailable'),
  items: (s: ScorecardItemsSnapshot) => s.context.items,
  version: (s: ScorecardItemsSnapshot) => s.context.version,
  versioned: (s: ScorecardItemsSnapshot) => s.context.versioned,
  dirty: (s: ScorecardItemsSnapshot) => s.context.dirty,
  error: (s: ScorecardItemsSnapshot) => s.context.error,
};
