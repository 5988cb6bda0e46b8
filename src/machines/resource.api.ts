import type { Query } from '../api/query';
import { onOutcome, type OutcomeHandlers } from './operation';
import { listFailure, listLoading, listRetryIn, type ResourceActor, type ResourceSnapshot, type SectionActionName } from './resource';

/** A resource actor's named senders (issue 25's convention): its list, and its section's own actions. */
export function resourceApi(resource: ResourceActor) {
  return {
    /** Loads a page of the list with `query` (search, filters, sort, page, page size). */
    browse: (query?: Query) => resource.send({ type: 'resource.browse', query }),
    /** Downloads the list with `query`'s filters as the server's file, keeping only `columns` when given. */
    export: (query?: Query, columns?: string[]) => resource.send(columns ? { type: 'resource.export', query, columns } : { type: 'resource.export', query }),
    /** Runs one of the section's own actions (a role's slots brief, …; machines/areas wires them), its outcome heard by the asker. */
    runAction: (name: SectionActionName, input?: unknown, handlers?: OutcomeHandlers) => {
      const request = { type: 'resource.action' as const, name, input };
      if (handlers) onOutcome(resource, request, handlers);
      resource.send(request);
    },
  };
}

export type ResourceActorApi = ReturnType<typeof resourceApi>;

export const resourceSelectors = {
  list: (s: ResourceSnapshot) => s.context.list,
  /** The list call now asked for is loading. */
  listLoading,
  /** Why the list call now asked for failed, while it has. */
  listFailure,
  /** While a failed list waits to try again: in how many seconds. */
  listRetryIn,
};
