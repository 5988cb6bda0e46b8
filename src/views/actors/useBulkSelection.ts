import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import { closeBulkSelection, openBulkSelection } from '../../machines/areas/bulk';
import type { BulkSelectionActor, BulkSelectionSnapshot } from '../../machines/bulkSelection';
import { bulkSelectionApi, type BulkSelectionActorApi } from '../../machines/bulkSelection.api';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/**
 * The list page's selection actor (`bulkSelection:<section>`), opened when the page mounts and
 * released when it unmounts: a selection belongs to the list on screen. `nameOf` is read when it opens.
 */
export function useBulkSelectionActor(section: ResourceKey, nameOf: (record: ResourceRecord) => string): BulkSelectionActor {
  const portal = usePortal();
  const [selection, setSelection] = useState(() => openBulkSelection(portal, section, nameOf));
  useEffect(() => {
    // A remount (or React's strict double effect) finds it released: open a new one.
    const current = openBulkSelection(portal, section, nameOf);
    if (current !== selection) setSelection(current);
    return () => closeBulkSelection(portal, section);
  }, [portal, section]); // eslint-disable-line react-hooks/exhaustive-deps
  return selection;
}

/** Named senders of a selection actor, stable per actor. */
export function useBulkSelection(selection: BulkSelectionActor): BulkSelectionActorApi {
  return useActorApi(selection, bulkSelectionApi);
}

/** A read of a selection actor: pass one of `bulkSelectionSelectors` (machines/bulkSelection.api.ts). */
export function useBulkSelectionState<T>(selection: BulkSelectionActor, select: (snapshot: BulkSelectionSnapshot) => T): T {
  return useSelector(selection, select);
}
