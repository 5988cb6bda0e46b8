import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LiveListActor, LiveListMode } from '../../machines/liveList';
import { liveListApi, liveListSelectors } from '../../machines/liveList.api';
import { usePortal } from '../PortalContext';

/**
 * Keeps a list on screen current (issue 30's live lists): opens the tab's live channel and this
 * list's live actor on first use (their code is a dynamic import: not in the first screen's
 * bundle), calls `refetch` when the actor asks (≤ once a second), and clears the marks and
 * offers whenever `place` changes (the user moved the list). A backend without live lists changes
 * nothing here: no refetch is asked, no mark shows.
 */
export function useLiveList(list: string, resource: string, mode: LiveListMode, refetch: () => void, place: string) {
  const portal = usePortal();
  const [actor, setActor] = useState<LiveListActor | undefined>(undefined);
  const latest = useRef(refetch);
  latest.current = refetch;

  useEffect(() => {
    let alive = true;
    let release: (() => void) | null = null;
    void import('../../machines/areas/live').then(({ openLiveList, closeLiveList }) => {
      if (!alive) return;
      const opened = openLiveList(portal, list, { resource, mode });
      const heard = opened.on('liveList.refetch', () => latest.current());
      release = () => {
        heard.unsubscribe();
        closeLiveList(portal, list);
      };
      setActor(opened);
    }).catch(() => {
      // The live code could not load (a deploy replaced its chunk, or the page is going away): the
      // list stays as it is, without live updates, and no rejection goes unhandled.
    });
    return () => {
      alive = false;
      release?.();
      setActor(undefined);
    };
  }, [portal, list, resource, mode]);

  const api = useMemo(() => (actor ? liveListApi(actor) : null), [actor]);
  const firstPlace = useRef(true);
  useEffect(() => {
    if (firstPlace.current) {
      firstPlace.current = false;
      return;
    }
    api?.clear();
  }, [api, place]);

  const marks = useSelector(actor, liveListSelectors.marks);
  const offered = useSelector(actor, liveListSelectors.offered);
  return { marks, offered, show: () => api?.show() };
}
