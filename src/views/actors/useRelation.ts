import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { RelationKey } from '../../api/relations';
import { openRelation } from '../../machines/areas/resources';
import { relationApi, type RelationActorApi } from '../../machines/relation.api';
import { visibleRelationError, type RelationActor, type RelationKind, type RelationSnapshot } from '../../machines/relation';
import { useOperation, type OperationView } from '../common/useOperation';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';
import { operationOf } from '../../machines/operation';

/** A relation's long-lived actor (a child of its owner section's resource actor). */
export function useRelationActor(key: RelationKey): RelationActor {
  const portal = usePortal();
  return useMemo(() => openRelation(portal, key), [portal, key]);
}

/** The relation's named senders (`open`, `assign`, `remove`, `readMore`, …), stable per actor. */
export function useRelation(relation: RelationActor): RelationActorApi {
  return useActorApi(relation, relationApi);
}

/** A read of the relation: pass one of `relationSelectors` (machines/relation.api.ts). */
export function useRelationState<T>(relation: RelationActor, select: (snapshot: RelationSnapshot) => T): T {
  return useSelector(relation, select);
}

/** One operation of a relation by name (idle, loading, succeeded, failed); SPEC's log-only failures come back as no error. */
export function useRelationOperation(relation: RelationActor, key: RelationKey, kind: RelationKind): OperationView {
  const view = useOperation(useMemo(() => operationOf(relation, kind), [relation, kind]));
  return { ...view, error: visibleRelationError(key, kind, view.error) };
}
