import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'xstate';
import type { OperationFailure } from '../../machines/operation';
import { onOutcome, type OutcomeHandlers } from '../../machines/outcome';
import type { RelationActor, RelationRequest } from '../../machines/relation';
import type { ResourceActor, ResourceRequest } from '../../machines/resource';

export interface Request<R> {
  /** Sends `request`; `handlers` hear its own outcome (the actor's emitted event for this very request). */
  send(request: R, handlers?: OutcomeHandlers): void;
  /** The failure of this view's last request; cleared when it asks again. */
  failure: OperationFailure | null;
}

/**
 * A view's requests to a shared actor, and their outcomes: the outcome of another view's request
 * of the same kind is not this view's. The outcome is heard while the view is mounted.
 */
export function useRequest(actor: ResourceActor): Request<ResourceRequest>;
export function useRequest(actor: RelationActor): Request<RelationRequest>;
export function useRequest(actor: ResourceActor | RelationActor): Request<ResourceRequest> | Request<RelationRequest> {
  const [failure, setFailure] = useState<OperationFailure | null>(null);
  // The listener of the request in flight: dropped on unmount (its outcome has no view to reach).
  const listening = useRef<Subscription | null>(null);
  useEffect(() => () => listening.current?.unsubscribe(), []);
  const send = useCallback(
    (request: ResourceRequest | RelationRequest, handlers: OutcomeHandlers = {}) => {
      listening.current?.unsubscribe();
      setFailure(null);
      const heard: OutcomeHandlers = {
        succeeded: handlers.succeeded,
        failed: (error) => {
          setFailure(error);
          handlers.failed?.(error);
        },
      };
      listening.current = onOutcome(actor as ResourceActor, request as ResourceRequest, heard);
      (actor as ResourceActor).send(request as ResourceRequest);
    },
    [actor],
  );
  return { send, failure };
}
