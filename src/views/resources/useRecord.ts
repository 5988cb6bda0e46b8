import { useSelector } from '@xstate/react';
import type { ResourceRecord } from '../../api/resources';
import type { OperationFailure } from '../../machines/operation';
import type { ResourceActor, ResourceSnapshot } from '../../machines/resource';
import type { RouteViewProps } from '../../route';
import { resourceApi } from '../../machines/resource.api';
import { useActorApi } from '../actors/useActorApi';
import { useResourceOperation } from '../actors/useResource';

const selectRecord = (s: ResourceSnapshot) => s.context.record;

/** The id of the record a section's page is about, from the route's id parameter. */
export function recordIdOf(route: RouteViewProps['route'], params: RouteViewProps['params']): string {
  return params[route.section?.idParam ?? 'id'] ?? '';
}

/** The record is the one this page shows (a previous record may still be in the actor). */
export function useRecord(resource: ResourceActor, id: string): { record: ResourceRecord | null; loading: boolean; error: OperationFailure | null; reload: () => void } {
  const record = useSelector(resource, selectRecord);
  const read = useResourceOperation(resource, 'read');
  const named = useActorApi(resource, resourceApi);
  // The read is the route's first call (machines/route.ts): the page only shows it.
  const current = record && String(record.id) === id ? record : null;
  return { record: current, loading: read.loading, error: read.failed ? read.error : null, reload: () => named.read(id) };
}
