import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { type ItemInput, type ReviewApi } from '../api/review';
import type { ScorecardVersion } from '../api/schemas/review';
import { failureOf, unavailableOrFailed, type OperationFailure } from './operation';

/**
 * Editing a scorecard's questions (issue 29): loading → editing ⇄ saving → editing (saved; a new
 * version when evaluations used the old one) | saveFailed (every edit kept) | unavailable (404/405).
 */

export type ScorecardItemsApi = Pick<ReviewApi, 'scorecardItems' | 'saveScorecardItems'>;
export const MAX_ITEMS = 50;

export interface ScorecardItemsContext {
  scorecardId: string | null;
  version: number;
  items: ItemInput[];
  /** Whether the last save made a new version (evaluations keep the old one). */
  versioned: boolean;
  dirty: boolean;
  error: OperationFailure | null;
}

export type ScorecardItemsEvent =
  | { type: 'items.open'; scorecardId: string }
  | { type: 'items.add' }
  | { type: 'items.remove'; index: number }
  | { type: 'items.change'; index: number; changes: Partial<ItemInput> }
  | { type: 'items.move'; index: number; by: -1 | 1 }
  | { type: 'items.save' };

const blank = (): ItemInput => ({ question: '', kind: 'yes_no', allow_na: false, weight: 10, critical: false });
const fromVersion = (v: ScorecardVersion) => ({
  version: v.version,
  items: v.items.map((i) => ({ question: i.question, kind: i.kind, allow_na: i.allow_na, weight: i.weight, critical: i.critical })),
  versioned: v.versioned === true,
});

export function createScorecardItemsMachine(api: ScorecardItemsApi) {
  const edit = (change: (items: ItemInput[], event: ScorecardItemsEvent) => ItemInput[]) =>
    assign<ScorecardItemsContext, ScorecardItemsEvent, undefined, ScorecardItemsEvent, never>(({ context, event }) => ({ items: change([...context.items], event), dirty: true }));
  const edits = {
    'items.add': { actions: edit((items) => (items.length < MAX_ITEMS ? [...items, blank()] : items)) },
    'items.remove': { actions: edit((items, e) => items.filter((_, i) => i !== (e as { index: number }).index)) },
    'items.change': { actions: edit((items, e) => items.map((item, i) => (i === (e as { index: number }).index ? { ...item, ...(e as { changes: Partial<ItemInput> }).changes } : item))) },
    'items.move': {
      actions: edit((items, e) => {
        const { index, by } = e as { index: number; by: -1 | 1 };
        const to = index + by;
        if (to < 0 || to >= items.length) return items;
        [items[index], items[to]] = [items[to] as ItemInput, items[index] as ItemInput];
        return items;
      }),
    },
  } as const;
  return setup({
    types: { context: {} as ScorecardItemsContext, events: {} as ScorecardItemsEvent },
    actors: {
      load: fromPromise<ScorecardVersion, string>(({ input, signal }) => api.scorecardItems(input, signal)),
      save: fromPromise<ScorecardVersion, { scorecardId: string; items: ItemInput[] }>(({ input, signal }) => api.saveScorecardItems(input.scorecardId, input.items, signal)),
    },
  }).createMachine({
    id: 'scorecardItems',
    context: { scorecardId: null, version: 1, items: [], versioned: false, dirty: false, error: null },
    initial: 'idle',
    on: { 'items.open': { target: '.loading', actions: assign(({ event }) => ({ scorecardId: event.scorecardId, items: [], dirty: false, versioned: false, error: null })) } },
    states: {
      idle: {},
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'load',
          input: ({ context }) => context.scorecardId as string,
          onDone: { target: 'editing', actions: assign(({ event }) => ({ ...fromVersion(event.output), versioned: false })) },
          onError: unavailableOrFailed({ unavailable: 'unavailable', failed: 'loadFailed' }, 'Error Loading Scorecard'),
        },
      },
      unavailable: { tags: ['unavailable'] },
      loadFailed: { tags: ['failed'] },
      editing: { tags: ['editing'], on: { ...edits, 'items.save': 'saving' } },
      saving: {
        tags: ['editing', 'busy'],
        invoke: {
          src: 'save',
          input: ({ context }) => ({ scorecardId: context.scorecardId as string, items: context.items }),
          onDone: { target: 'editing', actions: assign(({ event }) => ({ ...fromVersion(event.output), dirty: false, error: null })) },
          onError: { target: 'saveFailed', actions: assign(({ event }) => ({ error: failureOf(event.error, 'Edit Record Failed') })) },
        },
      },
      saveFailed: { tags: ['editing', 'saveFailed'], on: { ...edits, 'items.save': 'saving' } },
    },
  });
}

export type ScorecardItemsActor = ActorRefFrom<ReturnType<typeof createScorecardItemsMachine>>;
export type ScorecardItemsSnapshot = SnapshotFrom<ReturnType<typeof createScorecardItemsMachine>>;
