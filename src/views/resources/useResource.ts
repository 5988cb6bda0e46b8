import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Subscription } from 'xstate';
import type { ResourceKey } from '../../api/resources';
import { onOutcome, type OperationFailure, type OutcomeHandlers, operationOf } from '../../machines/operation';
import type { RelationActor, RelationRequest } from '../../machines/relation';
import { resourceOutput, type ResourceActor, type ResourceOperationKind, type ResourceRequest } from '../../machines/resource';
import { openResource } from '../../machines/areas/resources';
import { useOperation, type OperationView } from '../common/useOperation';
import { usePortal } from '../PortalContext';

/** The section's long-lived resource actor (created by the root on first use). */
export function useResource(section: ResourceKey): ResourceActor {
  const portal = usePortal();
  return useMemo(() => openResource(portal, section), [portal, section]);
}

/** One operation of a resource actor: its state and failure, and its output as the resource keeps it. */
export function useResourceOperation(resource: ResourceActor, kind: ResourceOperationKind): OperationView {
  const view = useOperation(useMemo(() => operationOf(resource, kind), [resource, kind]));
  const output = useSelector(resource, (s) => resourceOutput(s.context, kind));
  return { ...view, output };
}

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
      listening.current = onOutcome(actor, request, heard);
      (actor as ResourceActor).send(request as ResourceRequest);
    },
    [actor],
  );
  return { send, failure };
}
