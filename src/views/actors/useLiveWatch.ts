import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { openLiveWatch } from '../../machines/areas/liveWatch';
import type { LiveWatchActor, LiveWatchSnapshot } from '../../machines/liveWatch';
import { liveWatchApi } from '../../machines/liveWatch.api';
import { usePortal } from '../PortalContext';
import { useActorApi } from './useActorApi';

/** The conversation page's live watch: the actor, its named senders (`start`, `stop`). */
export function useLiveWatch(): { watch: LiveWatchActor; controls: ReturnType<typeof liveWatchApi> } {
  const portal = usePortal();
  const [watch] = useState(() => openLiveWatch(portal));
  return { watch, controls: useActorApi(watch, liveWatchApi) };
}

/** A read of the live watch: pass one of `liveWatchSelectors`. */
export function useLiveWatchState<T>(watch: LiveWatchActor, select: (s: LiveWatchSnapshot) => T): T {
  return useSelector(watch, select);
}
