import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { RecordsChanged } from '../api/liveSocket';
import type { LiveChannelActor } from './liveChannel';

/**
 * One list on screen kept current (issue 30's live lists; systemId `liveList:<list>`, alive while
 * its page is). It hears the live channel and asks its page to refetch (emits `liveList.refetch`):
 *
 * - `refetch` lists (the resource lists): on a change of their resource, at once, then at most once
 *   a second while changes keep coming (a burst is two refetches, not one per event);
 * - `offer` lists (the conversations list): changes are counted, not fetched, so rows never move
 *   under the user's pointer; `show` fetches them.
 *
 * Either kind refetches once after the channel reconnects (changes may have been missed), and
 * never while the tab is hidden (it does when the tab is shown again, if something changed).
 * Rows named by a change are marked `new` or `changed` from the refetch that brings them until the
 * user moves the list (`clear`: another search, page or filter).
 */

export type LiveMark = 'new' | 'changed';
export type LiveListMode = 'refetch' | 'offer';

/** The channel as a list needs it: something that emits LiveChannelEmitted (machines/liveChannel.ts). */
export type LiveSource = Pick<LiveChannelActor, 'on'>;

export interface LiveListInput {
  /** The resource name of `records-changed` (`contacts`, `conversations`, …). */
  resource: string;
  mode: LiveListMode;
  channel: LiveSource;
}

/** Marks kept at most (a list shows at most 100 rows a page). */
export const MAX_MARKS = 500;
/** Changes kept for the next refetch's marks (the oldest go first; the refetch itself still happens). */
export const MAX_PENDING = 100;
/** The shortest time between two refetches. */
export const REFETCH_EVERY_MS = 1000;

interface LiveListContext {
  resource: string;
  mode: LiveListMode;
  channel: LiveSource;
  visible: boolean;
  /** Something changed since the last refetch. */
  dirty: boolean;
  /** Changes the next refetch brings, oldest first (at most MAX_PENDING). */
  pending: RecordsChanged[];
  /** Marks on screen. */
  marks: Record<string, LiveMark>;
  /** `offer` lists: what waits for `show`. */
  offered: { created: string[]; changed: string[]; more: boolean };
}

export type LiveListEvent =
  | { type: 'live.changed'; change: RecordsChanged }
  | { type: 'live.reconnected' }
  | { type: 'liveList.visibility'; visible: boolean }
  | { type: 'liveList.show' }
  | { type: 'liveList.clear' }
  | { type: 'liveList.due' };

export type LiveListEmitted = { type: 'liveList.refetch' };

/** Nothing offered, and no row marked: one value each, so a list's view does not draw again for a new empty one. */
export const NOTHING_OFFERED: LiveListContext['offered'] = { created: [], changed: [], more: false };
export const NO_MARKS: Readonly<Record<string, LiveMark>> = Object.freeze({});

const capped = (marks: Record<string, LiveMark>): Record<string, LiveMark> => {
  const entries = Object.entries(marks);
  return entries.length > MAX_MARKS ? Object.fromEntries(entries.slice(entries.length - MAX_MARKS)) : marks;
};

/** A change added to marks: a row new since the list was shown stays `new` when it is edited again. */
function withChange(marks: Record<string, LiveMark>, change: RecordsChanged): Record<string, LiveMark> {
  const next = { ...marks };
  for (const id of change.ids) {
    if (change.kind === 'deleted') delete next[id];
    else next[id] = change.kind === 'created' || next[id] === 'new' ? 'new' : 'changed';
  }
  return capped(next);
}

const addIds = (list: string[], ids: readonly string[]) => [...new Set([...list, ...ids])].slice(-MAX_MARKS);

/** The channel's events, and the tab's visibility, as this machine's events. */
const listen = fromCallback<{ type: 'noop' }, LiveSource, LiveListEvent>(({ input, sendBack }) => {
  const changed = input.on('live.changed', (event) => sendBack({ type: 'live.changed', change: event.change }));
  const reconnected = input.on('live.reconnected', () => sendBack({ type: 'live.reconnected' }));
  const visibility = () => sendBack({ type: 'liveList.visibility', visible: document.visibilityState !== 'hidden' });
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', visibility);
  return () => {
    changed.unsubscribe();
    reconnected.unsubscribe();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', visibility);
  };
});

export const liveListMachine = setup({
  types: { context: {} as LiveListContext, events: {} as LiveListEvent, emitted: {} as LiveListEmitted, input: {} as LiveListInput },
  actors: { listen },
  guards: {
    mine: ({ context, event }) => event.type === 'live.changed' && event.change.resource === context.resource,
    offers: ({ context }) => context.mode === 'offer',
    due: ({ context }) => context.dirty && context.visible,
  },
  actions: {
    // The page asks again; what was pending becomes what the rows show.
    refetch: enqueueActions(({ enqueue, context }) => {
      enqueue.assign({ marks: context.pending.reduce(withChange, context.marks), pending: [], dirty: false });
      enqueue.emit({ type: 'liveList.refetch' });
    }),
    due: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'liveList.due' })),
  },
}).createMachine({
  id: 'liveList',
  context: ({ input }) => ({
    resource: input.resource,
    mode: input.mode,
    channel: input.channel,
    visible: typeof document === 'undefined' || document.visibilityState !== 'hidden',
    dirty: false,
    pending: [],
    marks: NO_MARKS,
    offered: NOTHING_OFFERED,
  }),
  invoke: { src: 'listen', input: ({ context }) => context.channel },
  on: {
    'live.changed': [
      {
        guard: 'offers',
        actions: assign(({ context, event }) => {
          if (event.change.resource !== context.resource) return {};
          const { kind, ids, more } = event.change;
          return {
            offered: {
              created: kind === 'created' ? addIds(context.offered.created, ids) : context.offered.created,
              changed: kind === 'created' ? context.offered.changed : addIds(context.offered.changed, ids),
              more: context.offered.more || !!more,
            },
          };
        }),
      },
      {
        guard: 'mine',
        actions: [assign(({ context, event }) => ({ pending: [...context.pending, event.change].slice(-MAX_PENDING), dirty: true })), 'due'],
      },
    ],
    'live.reconnected': { actions: [assign({ dirty: true }), 'due'] },
    'liveList.visibility': { actions: [assign(({ event }) => ({ visible: event.visible })), 'due'] },
    // The offered changes are fetched now and marked.
    'liveList.show': {
      actions: [
        assign(({ context }) => ({
          pending: [
            ...context.pending,
            { resource: context.resource, kind: 'updated' as const, ids: context.offered.changed },
            { resource: context.resource, kind: 'created' as const, ids: context.offered.created },
          ],
          offered: NOTHING_OFFERED,
          dirty: true,
        })),
        'due',
      ],
    },
    // Nothing marked stays the same object: a list's next page or sort does not render the list again for it.
    'liveList.clear': { actions: assign({ marks: NO_MARKS, pending: [], offered: NOTHING_OFFERED }) },
  },
  initial: 'idle',
  states: {
    idle: { on: { 'liveList.due': { guard: 'due', target: 'cooling', actions: 'refetch' } } },
    // A refetch was just asked: the next waits for the end of the second.
    cooling: {
      after: {
        [REFETCH_EVERY_MS]: [{ guard: 'due', target: 'cooling', reenter: true, actions: 'refetch' }, { target: 'idle' }],
      },
    },
  },
});

export type LiveListActor = ActorRefFrom<typeof liveListMachine>;
export type LiveListSnapshot = SnapshotFrom<typeof liveListMachine>;
