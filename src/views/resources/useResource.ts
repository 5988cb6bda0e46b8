import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { RelationKey } from '../../api/relations';
import type { ResourceKey } from '../../api/resources';
import { relationOperation, visibleRelationError, type RelationActor, type RelationKind } from '../../machines/relation';
import { resourceOperation, resourceOutput, type ResourceActor, type ResourceOperationKind } from '../../machines/resource';
import { openRelation, openResource } from '../../machines/areas';
import { useOperation, type OperationView } from '../common/useOperation';
import { usePortal } from '../PortalContext';

/** The section's long-lived resource actor (created by the root on first use). */
export function useResource(section: ResourceKey): ResourceActor {
  const portal = usePortal();
  return useMemo(() => openResource(portal, section), [portal, section]);
}

export function useRelation(key: RelationKey): RelationActor {
  const portal = usePortal();
  return useMemo(() => openRelation(portal, key), [portal, key]);
}

/** One operation of a resource actor: its state and failure, and its output as the resource keeps it. */
export function useResourceOperation(resource: ResourceActor, kind: ResourceOperationKind): OperationView {
  const view = useOperation(useMemo(() => resourceOperation(resource, kind), [resource, kind]));
  const output = useSelector(resource, (s) => resourceOutput(s.context, kind));
  return { ...view, output };
}

/** One operation of a relation actor; SPEC's log-only failures come back as no error. */
export function useRelationOperation(relation: RelationActor, key: RelationKey, kind: RelationKind): OperationView {
  const view = useOperation(useMemo(() => relationOperation(relation, kind), [relation, kind]));
  return { ...view, error: visibleRelationError(key, kind, view.error) };
}
