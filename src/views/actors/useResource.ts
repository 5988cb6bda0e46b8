import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ResourceKey } from '../../api/resources';
import { operationOf } from '../../machines/operation';
import { resourceOutput, type ResourceActor, type ResourceOperationKind } from '../../machines/resource';
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
