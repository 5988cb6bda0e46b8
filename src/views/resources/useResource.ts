import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { RelationKey } from '../../api/relations';
import type { ResourceKey } from '../../api/resources';
import { statusCode, type OperationActor, type OperationFailure, type OperationSnapshot, type OperationStatusCode } from '../../machines/operation';
import { relationOperation, visibleRelationError, type RelationActor, type RelationKind } from '../../machines/relation';
import { resourceOperation, type ResourceActor } from '../../machines/resource';
import { openRelation, openResource } from '../../machines/areas';
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

const selectStatus = (s: OperationSnapshot) => statusCode(s);
const selectError = (s: OperationSnapshot) => s.context.error;
const selectOutput = (s: OperationSnapshot) => s.context.output;

export interface OperationView {
  status: OperationStatusCode;
  loading: boolean;
  error: OperationFailure | null;
  output: unknown;
}

export function useOperationOf(operation: OperationActor): OperationView {
  const status = useSelector(operation, selectStatus);
  const error = useSelector(operation, selectError);
  const output = useSelector(operation, selectOutput);
  return { status, loading: status === 1, error, output };
}

/** One operation of a resource actor: its status 0–3, failure and output. */
export function useOperation(resource: ResourceActor, kind: string): OperationView {
  return useOperationOf(useMemo(() => resourceOperation(resource, kind), [resource, kind]));
}

/** One operation of a relation actor; SPEC's log-only failures come back as no error. */
export function useRelationOperation(relation: RelationActor, key: RelationKey, kind: RelationKind): OperationView {
  const view = useOperationOf(useMemo(() => relationOperation(relation, kind), [relation, kind]));
  return { ...view, error: visibleRelationError(key, kind, view.error) };
}
