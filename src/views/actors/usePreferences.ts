import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { openPreferences } from '../../machines/areas/shell';
import { preferencesApi, type PreferencesActorApi } from '../../machines/preferences.api';
import type { PreferencesActor } from '../../machines/preferences';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The session's preferences actor (theme, saved list views), opened on first use. */
export function usePreferencesActor(): PreferencesActor {
  const portal = usePortal();
  return useMemo(() => openPreferences(portal), [portal]);
}

/** Named senders of the preferences actor, stable per actor. */
export function usePreferences(): PreferencesActorApi {
  return useActorApi(usePreferencesActor(), preferencesApi);
}

/** A read of the preferences actor: pass one of `preferencesSelectors` (machines/preferences.api.ts). */
export function usePreferencesState<T>(select: (snapshot: ReturnType<PreferencesActor['getSnapshot']>) => T): T {
  return useSelector(usePreferencesActor(), select);
}
