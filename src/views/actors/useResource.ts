import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ResourceKey } from '../../api/resources';
import { type OperationFailure, type OutcomeHandlers, operationOf } from '../../machines/operation';
import { resourceOutput, type ResourceActor, type ResourceOperationKind } from '../../machines/resource';
import { resourceApi, type ResourceActorApi } from '../../machines/resource.api';
import { useActorApi } from './useActorApi';
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

/** The actor's named senders (`add`, `edit`, `remove`, `runAction`, …; machines/resource.api.ts), stable per actor. */
export function useResourceApi(resource: ResourceActor): ResourceActorApi {
  return useActorApi(resource, resourceApi);
}

export interface Request {
  /**
   * The listener of this view's next request (pass it to the sender): it calls `handlers` with
   * that request's outcome while the view is mounted and it is still the view's last request,
   * and keeps its failure in `failure`.
   */
  track(handlers?: OutcomeHandlers): OutcomeHandlers;
  /** The failure of this view's last request; cleared when it asks again. */
  failure: OperationFailure | null;
}

/**
 * A view's requests to a shared actor, and their outcomes: the outcome of another view's request
 * of the same kind is not this view's, nor is the outcome of a request this view has since
 * replaced, nor one that arrives after the view has gone.
 */
export function useRequest(): Request {
  const [failure, setFailure] = useState<OperationFailure | null>(null);
  const latest = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const track = useCallback((handlers: OutcomeHandlers = {}): OutcomeHandlers => {
    const request = ++latest.current;
    setFailure(null);
    const heard = () => mounted.current && latest.current === request;
    return {
      succeeded: (output) => {
        if (heard()) handlers.succeeded?.(output);
      },
      failed: (error) => {
        if (!heard()) return;
        setFailure(error);
        handlers.failed?.(error);
      },
    };
  }, []);
  return { track, failure };
}
