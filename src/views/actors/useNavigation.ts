import { useSelector } from '@xstate/react';
import { navigationApi, type NavigationActorApi } from '../../machines/navigation.api';
import type { NavigationActor } from '../../machines/navigation';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The navigation actor's named senders (`go`, `back`, …), stable per actor. */
export function useNavigation(): NavigationActorApi {
  return useActorApi(usePortal().navigation, navigationApi);
}

/** A read of the navigation actor: pass one of `navigationSelectors` (machines/navigation.api.ts). */
export function useNavigationState<T>(select: (snapshot: ReturnType<NavigationActor['getSnapshot']>) => T): T {
  return useSelector(usePortal().navigation, select);
}
