import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { openScorecardItems } from '../../machines/reviewArea';
import { scorecardItemsApi } from '../../machines/scorecardItems.api';
import type { ScorecardItemsSnapshot } from '../../machines/scorecardItems';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

function useScorecardItemsActor() {
  const portal = usePortal();
  return useMemo(() => openScorecardItems(portal), [portal]);
}
/** The scorecard questions editor's named senders. */
export function useScorecardItems() {
  return useActorApi(useScorecardItemsActor(), scorecardItemsApi);
}
/** A read of the questions editor: pass one of `scorecardItemsSelectors`. */
export function useScorecardItemsState<T>(select: (s: ScorecardItemsSnapshot) => T): T {
  return useSelector(useScorecardItemsActor(), select);
}
