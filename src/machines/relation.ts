import { assign, emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { List } from '../api/envelope';
import { itemsOf, type RelationApi, type RelationItem, type RelationKey } from '../api/relations';
import { defineOperations, operationOf, type OperationFailure, type OperationFamily, type ReportOf, type ResultsOf } from './operation';

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
  | { type: 'relation.init' };

/** An event that asks for an operation; it rides in the operation's input as `payload`. */
export type RelationRequest = Exclude<RelationEvent, { type: 'relation.init' }>;

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
function relationOperations(key: RelationKey, api: RelationApi) {
  const unsupported = (kind: string) => async (): Promise<never> => {
    throw new Error(`${key} has no ${kind}`);
  };
  const summary = (kind: RelationKind) => relationSummary(key, kind);
  return defineOperations(
    {
      list: { summary: summary('list'), call: (input: Asked<'relation.open' | 'relation.list'>, signal: AbortSignal) => api.list(input.ownerId, input.payload.query ?? {}, signal) },
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
    context: { key, ownerId: null, assigned: [], available: [], links: null },
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    on: {
      'relation.open': {
        actions: enqueueActions(({ enqueue, event }) => {
          resetAll(enqueue);
          enqueue.assign({ ownerId: event.ownerId, assigned: [], available: [], links: null });
          enqueue.sendTo('list', operations.start('list', { ownerId: event.ownerId, assigned: [], payload: event }));
          if (api.available) enqueue.sendTo('available', operations.start('available', { ownerId: event.ownerId, assigned: [], payload: event }));
        }),
      },
      'relation.init': {
        actions: enqueueActions(({ enqueue }) => {
          resetAll(enqueue);
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
        guard: ({ context, event }) => event.input.ownerId === context.ownerId,
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
  enqueue.sendTo(kind, { type: 'operation.start', input: { ownerId: context.ownerId, assigned: context.assigned.map(relationItemId), payload } });
}

function defaultLog(message: string, failure: OperationFailure): void {
  console.warn(message, failure.status, failure.detail);
}

function applyRelationSuccess(context: RelationContext, event: RelationSucceeded): Partial<RelationContext> {
  const payload = event.input.payload;
  const itemId = 'itemId' in payload ? payload.itemId : undefined;
  switch (event.kind) {
    case 'list': {
      const list = event.output;
      return { assigned: itemsOf(list), links: Array.isArray(list) ? null : list.links };
    }
    case 'available':
      return { available: event.output };
    case 'assign': {
      const output = event.output;
      // users ↔ roles answer with the whole new list; workflow contacts with the new link row.
      if (context.key === 'users.roles' && Array.isArray(output)) return { assigned: output };
      const added = Array.isArray(output) && output[0] ? output[0] : context.available.find((i) => relationItemId(i) === itemId);
      return {
        assigned: added && !context.assigned.some((i) => relationItemId(i) === itemId) ? [...context.assigned, added] : context.assigned,
        available: context.available.filter((i) => relationItemId(i) !== itemId),
      };
    }
    case 'update': {
      const row = event.output;
      return row ? { assigned: context.assigned.map((i) => (relationItemId(i) === itemId ? row : i)) } : {};
    }
    case 'remove': {
      if (Array.isArray(event.output)) return { assigned: event.output };
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
  return operationOf(relation, kind);
}

/** The error a user sees for an operation: none for SPEC's log-only failures. */
export function visibleRelationError(key: RelationKey, kind: RelationKind, error: OperationFailure | null): OperationFailure | null {
  return isSilentFailure(key, kind) ? null : error;
}
