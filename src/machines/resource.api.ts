import type { Query } from '../api/query';
import type { ResourceRecord } from '../api/resources';
import { onOutcome, operationOf, type OutcomeHandlers } from './operation';
import { listFailure, listLoading, listRetryIn, requestKind, resourceOutput, type ResourceActor, type ResourceOperationKind, type ResourceRequest, type ResourceSnapshot, type SectionActionName } from './resource';

/** Every listener's handlers, called in order (one subscription for all of them). */
function together(listeners: readonly OutcomeHandlers[]): OutcomeHandlers {
  return {
    succeeded: (output) => listeners.forEach((l) => l.succeeded?.(output)),
    failed: (error) => listeners.forEach((l) => l.failed?.(error)),
  };
}

/**
 * A resource actor's named senders (issue 25's convention, auth.api.ts): its list, its record's
 * reads and writes, and its section's own actions. A request's sender returns the request (the
 * event sent, which its operation keeps as its input): a view reads what became of it from that
 * operation with `requestStatus(op, request)` (operation.ts), as the inspector shows it. A sender
 * also takes listeners of its own outcome (operation.ts onOutcome: the outcome of THIS request,
 * not of another view's of the same kind) for what must happen even after the view has gone (a
 * deletion's announcement with its undo).
 */
export function resourceApi(resource: ResourceActor) {
  const request = <R extends ResourceRequest>(event: R, listeners: readonly OutcomeHandlers[]): R => {
    if (listeners.length > 0) onOutcome(resource, event, together(listeners));
    resource.send(event);
    return event;
  };
  return {
    /** Loads a page of the list with `query` (search, filters, sort, page, page size). */
    browse: (query?: Query) => resource.send({ type: 'resource.browse', query }),
    /** Downloads the list with `query`'s filters as the server's file, keeping only `columns` when given. */
    export: (query?: Query, columns?: string[]) => resource.send(columns ? { type: 'resource.export', query, columns } : { type: 'resource.export', query }),
    /** Loads one record (a retry of a page's read: the route actor sends the first one). */
    read: (id: string, ...listeners: OutcomeHandlers[]) => request({ type: 'resource.read', id }, listeners),
    /** Creates a record with `values`; its listeners hear the stored record. */
    add: (values: Record<string, unknown>, ...listeners: OutcomeHandlers[]) => request({ type: 'resource.add', values }, listeners),
    /** Saves `values` to record `id`; its listeners hear the stored record. */
    edit: (id: string, values: Record<string, unknown>, ...listeners: OutcomeHandlers[]) => request({ type: 'resource.edit', id, values }, listeners),
    /** Deletes record `id` (it leaves the list and the record). */
    remove: (id: string, ...listeners: OutcomeHandlers[]) => request({ type: 'resource.delete', id }, listeners),
    /** Runs one of the section's own actions (a bot's duplicate, a number's purchase, …; machines/areas wires them). */
    runAction: (name: SectionActionName, input?: unknown, ...listeners: OutcomeHandlers[]) => request({ type: 'resource.action', name, input }, listeners),
    /** The operation a request goes to (the inspector's `resource:<section>:<kind>`): its state, input and failure. */
    operationOf: (request: ResourceRequest | ResourceOperationKind) => operationOf(resource, typeof request === 'string' ? request : requestKind(request)),
    /** What the last call of `kind` answered, as the resource keeps it (its record, list, or the action's result). */
    outputOf: (kind: ResourceOperationKind) => resourceOutput(resource.getSnapshot().context, kind),
  };
}

export type ResourceActorApi = ReturnType<typeof resourceApi>;

/** A write's output as the record it stored (the resource API parses it; a section action may answer nothing). */
export function storedRecord(output: unknown): ResourceRecord | null {
  if (!output || typeof output !== 'object') return null;
  const id = (output as { id?: unknown }).id;
  return id !== undefined && id !== null && id !== '' ? (output as ResourceRecord) : null;
}

/** Reads of a resource actor for `useSelector` (module-level, so they are stable). */
export const resourceSelectors = {
  list: (s: ResourceSnapshot) => s.context.list,
  record: (s: ResourceSnapshot) => s.context.record,
  /** The list call now asked for is loading (tag `listBusy`). */
  listLoading,
  /** Why the list call now asked for failed, while it has (tag `listFailed`). */
  listFailure,
  /** While a failed list waits to try again: in how many seconds. */
  listRetryIn,
};
