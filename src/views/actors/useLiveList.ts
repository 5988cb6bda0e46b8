import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { LiveListActor, LiveListMode } from '../../machines/liveList';
import { liveListApi, liveListSelectors } from '../../machines/liveList.api';
import { usePortal } from '../PortalContext';

/**
 * Where a list's live actor will be: its code arrives after the list is drawn, and its arrival
 * alone changes nothing on screen (no marks, nothing offered), so it must not draw the list again.
 * The hook reads the actor through this slot (useSyncExternalStore) instead of keeping it in state.
 */
function createLiveSlot() {
  let actor: LiveListActor | undefined;
  let heard: { unsubscribe(): void } | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    actor: () => actor,
    attach(next: LiveListActor) {
      actor = next;
      heard = next.subscribe(notify);
      notify();
    },
    detach() {
      heard?.unsubscribe();
      heard = undefined;
      actor = undefined;
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Keeps a list on screen current (issue 30's live lists): opens the tab's live channel and this
 * list's live actor on first use (their code is a dynamic import: not in the first screen's
 * bundle), calls `refetch` when the actor asks (≤ once a second), and clears the marks and
 * offers whenever `place` changes (the user moved the list). A backend without live lists changes
 * nothing here: no refetch is asked, no mark shows.
 */
export function useLiveList(list: string, resource: string, mode: LiveListMode, refetch: () => void, place: string) {
  const portal = usePortal();
  const [slot] = useState(createLiveSlot);
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
      slot.attach(opened);
    }).catch(() => {
      // The live code could not load (a deploy replaced its chunk, or the page is going away): the
      // list stays as it is, without live updates, and no rejection goes unhandled.
    });
    return () => {
      alive = false;
      release?.();
      slot.detach();
    };
  }, [portal, list, resource, mode, slot]);

  const firstPlace = useRef(true);
  useEffect(() => {
    if (firstPlace.current) {
      firstPlace.current = false;
      return;
    }
    const actor = slot.actor();
    if (actor) liveListApi(actor).clear();
  }, [slot, place]);

  // The same on a server drawing the page (src/serverRender.tsx): no live actor there either.
  const readMarks = () => liveListSelectors.marks(slot.actor()?.getSnapshot());
  const readOffered = () => liveListSelectors.offered(slot.actor()?.getSnapshot());
  const marks = useSyncExternalStore(slot.subscribe, readMarks, readMarks);
  const offered = useSyncExternalStore(slot.subscribe, readOffered, readOffered);
  return {
    marks,
    offered,
    show: () => {
      const actor = slot.actor();
      if (actor) liveListApi(actor).show();
    },
  };
}
