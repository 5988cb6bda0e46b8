import { assign, emit, enqueueActions, setup, type ActorRefFrom, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { List } from '../api/envelope';
import { itemsOf, type RelationApi, type RelationItem, type RelationKey } from '../api/relations';
import { createChildOperation, operationChild, type OperationReport, type OperationFailure } from './operation';

export const RELATION_KINDS = ['list', 'available', 'assign', 'update', 'remove'] as const;
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
  assigned: RelationItem[];
  available: RelationItem[];
  /** The assigned list's pagination, where the server paginates it. */
  links: List<RelationItem>['links'] | null;
}

export type RelationEvent =
  | { type: 'relation.open'; ownerId: string; query?: Record<string, string | number> }
  | { type: 'relation.list'; query?: Record<string, string | number> }
  | { type: 'relation.available' }
  | { type: 'relation.assign'; itemId: string; body?: Record<string, unknown> }
  | { type: 'relation.update'; itemId: string; body: Record<string, unknown> }
  | { type: 'relation.remove'; itemId: string }
  | { type: 'relation.init' }
  | OperationReport;

/** An event that asks for an operation; it rides in the operation's input as `payload`. */
export type RelationRequest = Exclude<RelationEvent, { type: 'relation.init' } | OperationReport>;

/** What a relation actor tells its listeners when an operation settles (the same shape as a resource's outcomes). */
export type RelationEmitted =
  | { type: 'relation.succeeded'; kind: RelationKind; input: RelationRequest; output: unknown }
  | { type: 'relation.failed'; kind: RelationKind; input: RelationRequest; error: OperationFailure };

export const relationActorId = (key: RelationKey) => `relation:${key}`;
export const relationOperationId = (key: RelationKey, kind: string) => `${relationActorId(key)}:${kind}`;

/** A workflow-contact link row is identified by its contact; any other item by its id. */
export function relationItemId(item: RelationItem): string {
  return String(item.contact_id ?? item.id);
}

interface OwnerInput<T extends RelationRequest = RelationRequest> {
  ownerId: string;
  assigned: string[];
  /** The request itself: its outcome names it, so the sender knows its own. */
  payload: T;
}
type Asked<T extends RelationRequest['type']> = OwnerInput<Extract<RelationRequest, { type: T }>>;

/**
 * One actor per relation of SPEC §7 (systemId `relation:<owner>.<related>`), re-pointed at an
 * owner with `relation.open`. Operations are children of the same operation statechart as
 * resources; on success the local lists follow (SPEC §4: assign/remove update them).
 */
export function createRelationMachine(key: RelationKey, api: RelationApi, log: (message: string, failure: OperationFailure) => void = defaultLog) {
  const unsupported = (kind: string) => async () => {
    throw new Error(`${key} has no ${kind}`);
  };
  const calls: Record<RelationKind, (input: never, signal: AbortSignal) => Promise<unknown>> = {
    list: (input: Asked<'relation.open' | 'relation.list'>, signal) => api.list(input.ownerId, input.payload.query ?? {}, signal),
    available: api.available ? (input: OwnerInput, signal) => api.available!(input.ownerId, signal) : unsupported('available'),
    assign: api.assign
      ? (input: Asked<'relation.assign'>, signal) => api.assign!(input.ownerId, input.payload.itemId, input.payload.body, input.assigned, signal)
      : unsupported('assign'),
    update: api.update
      ? (input: Asked<'relation.update'>, signal) => api.update!(input.ownerId, input.payload.itemId, input.payload.body, signal)
      : unsupported('update'),
    remove: api.remove ? (input: Asked<'relation.remove'>, signal) => api.remove!(input.ownerId, input.payload.itemId, input.assigned, signal) : unsupported('remove'),
  };
  const operations: Record<string, AnyActorLogic> = {};
  for (const kind of RELATION_KINDS) operations[kind] = createChildOperation(calls[kind]);


  return setup({
    types: { context: {} as RelationContext, events: {} as RelationEvent, emitted: {} as RelationEmitted },
    actors: operations,
  }).createMachine({
    id: relationActorId(key),
    context: { key, ownerId: null, assigned: [], available: [], links: null },
    entry: enqueueActions(({ enqueue }) => {
      for (const kind of RELATION_KINDS) enqueue.spawnChild(kind, { id: kind, systemId: relationOperationId(key, kind), input: { summary: relationSummary(key, kind) } });
    }),
    on: {
      'relation.open': {
        actions: enqueueActions(({ enqueue, event }) => {
          for (const kind of RELATION_KINDS) enqueue.sendTo(kind, { type: 'operation.reset' });
          enqueue.assign({ ownerId: event.ownerId, assigned: [], available: [], links: null });
          enqueue.sendTo('list', { type: 'operation.start', input: { ownerId: event.ownerId, assigned: [], payload: event } });
          if (api.available) enqueue.sendTo('available', { type: 'operation.start', input: { ownerId: event.ownerId, assigned: [], payload: event } });
        }),
      },
      'relation.init': {
        actions: enqueueActions(({ enqueue }) => {
          for (const kind of RELATION_KINDS) enqueue.sendTo(kind, { type: 'operation.reset' });
          enqueue.assign({ ownerId: null, assigned: [], available: [], links: null });
        }),
      },
      'relation.list': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'list', event)) },
      'relation.available': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'available', event)) },
      'relation.assign': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'assign', event)) },
      'relation.update': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'update', event)) },
      'relation.remove': { actions: enqueueActions(({ enqueue, context, event }) => start(enqueue, context, 'remove', event)) },
      'operation.report.succeeded': {
        // A result for an owner we have since left is stale.
        guard: ({ context, event }) => (event.input as OwnerInput).ownerId === context.ownerId,
        actions: [
          assign(({ context, event }) => applyRelationSuccess(context, event.kind as RelationKind, event.output, (event.input as OwnerInput).payload)),
          emit(({ event }) => ({ type: 'relation.succeeded' as const, kind: event.kind as RelationKind, input: (event.input as OwnerInput).payload, output: event.output })),
        ],
      },
      'operation.report.failed': {
        actions: [
          enqueueActions(({ enqueue, event }) => {
            if (isSilentFailure(key, event.kind as RelationKind)) enqueue(() => log(`${key} ${event.kind} failed`, event.error));
          }),
          emit(({ event }) => ({ type: 'relation.failed' as const, kind: event.kind as RelationKind, input: (event.input as OwnerInput).payload, error: event.error })),
        ],
      },
    },
  });
}

function start(
  enqueue: { sendTo: (to: string, event: { type: 'operation.start'; input: unknown }) => void },
  context: RelationContext,
  kind: RelationKind,
  payload: RelationRequest,
): void {
  if (context.ownerId === null) return;
  enqueue.sendTo(kind, { type: 'operation.start', input: { ownerId: context.ownerId, assigned: context.assigned.map(relationItemId), payload } });
}

function defaultLog(message: string, failure: OperationFailure): void {
  console.warn(message, failure.status, failure.detail);
}

function applyRelationSuccess(context: RelationContext, kind: RelationKind, output: unknown, payload: RelationRequest): Partial<RelationContext> {
  const itemId = 'itemId' in payload ? payload.itemId : undefined;
  switch (kind) {
    case 'list': {
      const list = output as List<RelationItem> | RelationItem[];
      return { assigned: itemsOf(list), links: Array.isArray(list) ? null : list.links };
    }
    case 'available':
      return { available: output as RelationItem[] };
    case 'assign': {
      // users ↔ roles answer with the whole new list; workflow contacts with the new link row.
      if (context.key === 'users.roles' && Array.isArray(output)) return { assigned: output as RelationItem[] };
      const added = Array.isArray(output) && output[0] ? (output[0] as RelationItem) : context.available.find((i) => relationItemId(i) === itemId);
      return {
        assigned: added && !context.assigned.some((i) => relationItemId(i) === itemId) ? [...context.assigned, added] : context.assigned,
        available: context.available.filter((i) => relationItemId(i) !== itemId),
      };
    }
    case 'update': {
      const row = output as RelationItem | undefined;
      return row ? { assigned: context.assigned.map((i) => (relationItemId(i) === itemId ? row : i)) } : {};
    }
    case 'remove': {
      if (Array.isArray(output)) return { assigned: output as RelationItem[] };
      const removed = context.assigned.find((i) => relationItemId(i) === itemId);
      // A workflow-contact row is not a contact: it goes back to the available list as its contact.
      const back = removed && (context.key === 'workflows.contacts' ? (removed.contact as RelationItem | undefined) : removed);
      return {
        assigned: context.assigned.filter((i) => relationItemId(i) !== itemId),
        available: back && !context.available.some((i) => relationItemId(i) === itemId) ? [...context.available, back] : context.available,
      };
    }
  }
}

export type RelationMachine = ReturnType<typeof createRelationMachine>;
export type RelationActor = ActorRefFrom<RelationMachine>;
export type RelationSnapshot = SnapshotFrom<RelationMachine>;

export function relationOperation(relation: RelationActor, kind: RelationKind) {
  const child = operationChild(relation, kind);
  if (!child) throw new Error(`relation ${relation.id}: no operation "${kind}"`);
  return child;
}

/** The error a user sees for an operation: none for SPEC's log-only failures. */
export function visibleRelationError(key: RelationKey, kind: RelationKind, error: OperationFailure | null): OperationFailure | null {
  return isSilentFailure(key, kind) ? null : error;
}
