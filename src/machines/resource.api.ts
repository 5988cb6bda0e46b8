import type { Query } from '../api/query';
import { listFailure, listLoading, listRetryIn, type ResourceActor, type ResourceSnapshot } from './resource';

/** A resource actor's named senders for its list (issue 25's convention). */
export function resourceApi(resource: ResourceActor) {
  return {
    /** Loads a page of the list with `query` (search, filters, sort, page, page size). */
    browse: (query?: Query) => resource.send({ type: 'resource.browse', query }),
    /** Downloads the list with `query`'s filters as the server's file. */
    export: (query?: Query) => resource.send({ type: 'resource.export', query }),
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
