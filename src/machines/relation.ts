import { assign, emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { relationItemId, type RelationApi, type RelationItem, type RelationKey } from '../api/relations';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf, type ResultsOf } from './operation';

export const RELATION_KINDS = ['list', 'more', 'available', 'assign', 'update', 'remove'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** SPEC §8 summaries per relation. Assign/remove of the "silent" relations are only logged. */
const RELATION_SUMMARIES: Record<RelationKey, Partial<Record<RelationKind, string>>> = {
  'roles.dispositions': { list: 'Error Loading Dispositions', available: 'Error Loading Dispositions Available' },
  'roles.scorecards': { list: 'Error Loading Scorecards', available: 'Error Loading Scorecards Available' },
  'instances.dispositions': { list: 'Error Loading Dispositions', available: 'Error Loading Dispositions Available' },
  'instances.scorecards': { list: 'Error Loading Scorecards', available: 'Error Loading Scorecards Available' },
  'workflows.dispositions': { list: 'Error Loading Dispositions', available: 'Error Loading Dispositions Available' },
  'agents.tools': { list: 'Error Loading Tools', available: 'Error Loading Tools Available' },
  'bots.agents': { list: 'Error Loading Agents', available: 'Error Loading Agents Available' },
  'workflows.contacts': {
    list: 'Error Loading Contacts',
    available: 'Error Loading Contacts Available',
    assign: 'Error Assigning Contact to Workflow',
    update: 'Error Updating Contact on Workflow',
    remove: 'Error Removing Contact from Workflow',
  },
  'contacts.workflows': { list: 'Error Loading Workflows' },
  'users.roles': {
    list: 'Error Loading Assigned User Roles',
    available: 'Error Loading Available User Roles',
    assign: 'Error Updating User Roles',
    remove: 'Error Updating User Roles',
  },
};

export function relationSummary(key: RelationKey, kind: RelationKind): string {
  // Reading on past the first pages is loading the same list.
  if (kind === 'more') return relationSummary(key, 'list');
  return RELATION_SUMMARIES[key][kind] ?? (kind === 'list' || kind === 'available' ? 'Error Loading Records' : 'Edit Record Failed');
}

/** SPEC §8: failures to add or remove dispositions, scorecards, tools and agents give no user message. */
export function isSilentFailure(key: RelationKey, kind: RelationKind): boolean {
  const related = key.split('.')[1];
  return (kind === 'assign' || kind === 'remove') && ['dispositions', 'scorecards', 'tools', 'agents'].includes(related ?? '');
}

export interface RelationContext {
  key: RelationKey;
  ownerId: string | null;
  /** The owner's items: every page of the list as far as one read goes (api/pages.ts). */
  assigned: RelationItem[];
  /** How many the owner has as the server counts them (meta.total), kept in step by assign and remove. */
  total: number;
  /** Where the assigned list goes on past what was read (a read stops at its bound), or null: all are here. */
  next: string | null;
  /** The assigned list's query (a contact's workflows may be filtered), kept for reading on. */
  query: Record<string, string | number>;
  available: RelationItem[];
}

export type RelationEvent =
  | { type: 'relation.open'; ownerId: string; query?: Record<string, string | number> }
  | { type: 'relation.list'; query?: Record<string, string | number> }
  /** Reads on past the bound of the last read, from `next`. */
  | { type: 'relation.more' }
  | { type: 'relation.available' }
  | { type: 'relation.assign'; itemId: string; body?: Record<string, unknown> }
  | { type: 'relation.update'; itemId: string; body: Record<string, unknown> }
  | { type: 'relation.remove'; itemId: string }
  | { type: 'relation.init' };

/** An event that asks for an operation; it rides in the operation's input as `payload`. */
export type RelationRequest = Exclude<RelationEvent, { type: 'relation.init' }>;

/** What a relation actor tells its listeners when an operation settles (the same shape as a resource's outcomes). */
export type RelationEmitted =
  | { type: 'relation.succeeded'; kind: RelationKind; input: RelationRequest; output: unknown }
  | { type: 'relation.failed'; kind: RelationKind; input: RelationRequest; error: OperationFailure };

export const relationActorId = (key: RelationKey) => `relation:${key}`;
export const relationOperationId = (key: RelationKey, kind: string) => `${relationActorId(key)}:${kind}`;

export { relationItemId };

interface OwnerInput<T extends RelationRequest = RelationRequest> {
  ownerId: string;
  /** Every assigned item's id as read (users ↔ roles replace the whole set). */
  assigned: string[];
  /** The list's query: the one asked for, else the last one. */
  query: Record<string, string | number>;
  /** Where the list goes on (for `more`). */
  next: string | null;
  /** The request itself: its outcome names it, so the sender knows its own. */
  payload: T;
}
type Asked<T extends RelationRequest['type']> = OwnerInput<Extract<RelationRequest, { type: T }>>;

/**
 * One actor per relation of SPEC §7 (systemId `relation:<owner>.<related>`), re-pointed at an
 * owner with `relation.open`. Operations are children of the same operation statechart as
 * resources; on success the local lists follow (SPEC §4: assign/remove update them).
 */
function relationOperations(key: RelationKey, api: RelationApi) {
  const unsupported = (kind: string) => async (): Promise<never> => {
    throw new Error(`${key} has no ${kind}`);
  };
  const summary = (kind: RelationKind) => relationSummary(key, kind);
  return defineOperations(
    {
      list: { summary: summary('list'), call: (input: Asked<'relation.open' | 'relation.list'>, signal: AbortSignal) => api.list(input.ownerId, input.query, signal) },
      more: {
        summary: summary('more'),
        call: (input: Asked<'relation.more'>, signal: AbortSignal) => (input.next ? api.more(input.next, input.query, signal) : Promise.resolve({ items: [], total: 0, next: null })),
      },
      available: { summary: summary('available'), call: (input: OwnerInput, signal: AbortSignal) => (api.available ? api.available(input.ownerId, signal) : unsupported('available')()) },
      assign: {
        summary: summary('assign'),
        call: (input: Asked<'relation.assign'>, signal: AbortSignal) =>
          api.assign ? api.assign(input.ownerId, input.payload.itemId, input.payload.body, input.assigned, signal) : unsupported('assign')(),
      },
      update: {
        summary: summary('update'),
        call: (input: Asked<'relation.update'>, signal: AbortSignal) => (api.update ? api.update(input.ownerId, input.payload.itemId, input.payload.body, signal) : unsupported('update')()),
      },
      remove: {
        summary: summary('remove'),
        call: (input: Asked<'relation.remove'>, signal: AbortSignal) => (api.remove ? api.remove(input.ownerId, input.payload.itemId, input.assigned, signal) : unsupported('remove')()),
      },
    },
    (kind) => relationOperationId(key, kind),
  );
}

type RelationOperations = ReturnType<typeof relationOperations> extends OperationFamily<infer S> ? S : never;
/** What each relation operation answers (inferred from its call). */
export type RelationResults = ResultsOf<RelationOperations>;
type RelationReport = ReportOf<RelationOperations>;
type RelationSucceeded = Extract<RelationReport, { type: 'operation.report.succeeded' }>;

/**
 * One actor per relation of SPEC §7 (systemId `relation:<owner>.<related>`), re-pointed at an
 * owner with `relation.open`. Its operations are one family (operation.ts defineOperations); on
 * success the local lists follow (SPEC §4: assign/remove update them).
 */
const EMPTY = { assigned: [], total: 0, next: null, query: {}, available: [] } satisfies Omit<RelationContext, 'key' | 'ownerId'>;

export function createRelationMachine(key: RelationKey, api: RelationApi, log: (message: string, failure: OperationFailure) => void = defaultLog) {
  const operations = relationOperations(key, api);
  const resetAll = (enqueue: { sendTo: (to: RelationKind, event: { type: 'operation.reset' }) => void }) => {
    for (const kind of RELATION_KINDS) enqueue.sendTo(kind, { type: 'operation.reset' });
  };

  return setup({
    types: { context: {} as RelationContext, events: {} as RelationEvent | RelationReport, emitted: {} as RelationEmitted },
    actors: operations.actors,
  }).createMachine({
    id: relationActorId(key),
    context: { key, ownerId: null, ...EMPTY },
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    on: {
      'relation.open': {
        actions: enqueueActions(({ enqueue, event }) => {
          resetAll(enqueue);
          enqueue.assign({ ownerId: event.ownerId, ...EMPTY });
          const input = { ownerId: event.ownerId, assigned: [], query: event.query ?? {}, next: null, payload: event };
          enqueue.sendTo('list', operations.start('list', input));
          if (api.available) enqueue.sendTo('available', operations.start('available', input));
        }),
      },
      'relation.init': {
        actions: enqueueActions(({ enqueue }) => {
          resetAll(enqueue);
          enqueue.assign({ ownerId: null, ...EMPTY });
        }),
      },
      'relation.list': {
        actions: enqueueActions(({ enqueue, context, event }) => {
          // A new read of the list: a reading-on of the old one would append to the wrong list.
          enqueue.sendTo('more', { type: 'operation.reset' });
          start(enqueue, context, 'list', event);
        }),
      },
      'relation.more': {
        guard: ({ context }) => context.next !== null,
        actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'more', event)),
      },
      'relation.available': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'available', event)) },
      'relation.assign': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'assign', event)) },
      'relation.update': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'update', event)) },
      'relation.remove': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'remove', event)) },
      'operation.report.succeeded': {
        // A result for an owner we have since left is stale; so is a reading-on of a list read again since.
        guard: ({ context, event }) => event.input.ownerId === context.ownerId && (event.kind !== 'more' || event.input.next === context.next),
        actions: [
          assign(({ context, event }) => applyRelationSuccess(context, event)),
          emit(({ event }) => ({ type: 'relation.succeeded' as const, kind: event.kind, input: event.input.payload, output: event.output })),
        ],
      },
      'operation.report.failed': {
        actions: [
          enqueueActions(({ enqueue, event }) => {
            if (isSilentFailure(key, event.kind)) enqueue(() => log(`${key} ${event.kind} failed`, event.error));
          }),
          emit(({ event }) => ({ type: 'relation.failed' as const, kind: event.kind, input: event.input.payload, error: event.error })),
        ],
      },
    },
  });
}

function start(
  enqueue: { sendTo: (to: string, event: { type: 'operation.start'; input: OwnerInput }) => void },
  context: RelationContext,
  kind: RelationKind,
  payload: RelationRequest,
): void {
  if (context.ownerId === null) return;
  const query = payload.type === 'relation.list' && payload.query ? payload.query : context.query;
  enqueue.sendTo(kind, { type: 'operation.start', input: { ownerId: context.ownerId, assigned: context.assigned.map(relationItemId), query, next: context.next, payload } });
}

function defaultLog(message: string, failure: OperationFailure): void {
  console.warn(message, failure.status, failure.detail);
}

function applyRelationSuccess(context: RelationContext, event: RelationSucceeded): Partial<RelationContext> {
  const payload = event.input.payload;
  const itemId = 'itemId' in payload ? payload.itemId : undefined;
  switch (event.kind) {
    case 'list':
      return { assigned: event.output.items, total: event.output.total, next: event.output.next, query: event.input.query };
    case 'more': {
      const known = new Set(context.assigned.map(relationItemId));
      const added = event.output.items.filter((item) => !known.has(relationItemId(item)));
      return { assigned: [...context.assigned, ...added], total: Math.max(event.output.total, context.assigned.length + added.length), next: event.output.next };
    }
    case 'available':
      return { available: event.output };
    case 'assign': {
      const output = event.output;
      // users ↔ roles answer with the whole new list; workflow contacts with the new link row.
      if (context.key === 'users.roles' && Array.isArray(output)) return { assigned: output, total: output.length };
      const added = Array.isArray(output) && output[0] ? output[0] : context.available.find((i) => relationItemId(i) === itemId);
      const isNew = Boolean(added) && !context.assigned.some((i) => relationItemId(i) === itemId);
      return {
        assigned: isNew ? [...context.assigned, added!] : context.assigned,
        total: isNew ? context.total + 1 : context.total,
        available: context.available.filter((i) => relationItemId(i) !== itemId),
      };
    }
    case 'update': {
      const row = event.output;
      return row ? { assigned: context.assigned.map((i) => (relationItemId(i) === itemId ? row : i)) } : {};
    }
    case 'remove': {
      if (Array.isArray(event.output)) return { assigned: event.output, total: event.output.length };
      const removed = context.assigned.find((i) => relationItemId(i) === itemId);
      // A workflow-contact row is not a contact: it goes back to the available list as its contact.
      const back = removed && (context.key === 'workflows.contacts' ? (removed.contact as RelationItem | undefined) : removed);
      return {
        assigned: context.assigned.filter((i) => relationItemId(i) !== itemId),
        total: removed ? Math.max(0, context.total - 1) : context.total,
        available: back && !context.available.some((i) => relationItemId(i) === itemId) ? [...context.available, back] : context.available,
      };
    }
  }
}

export type RelationMachine = ReturnType<typeof createRelationMachine>;
export type RelationActor = ActorRefFrom<RelationMachine>;
export type RelationSnapshot = SnapshotFrom<RelationMachine>;

/** The error a user sees for an operation: none for SPEC's log-only failures. */
export function visibleRelationError(key: RelationKey, kind: RelationKind, error: OperationFailure | null): OperationFailure | null {
  return isSilentFailure(key, kind) ? null : error;
}
