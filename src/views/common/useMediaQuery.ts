import { useSyncExternalStore } from 'react';

/** SPEC §2: the layout is wide from 992 px. */
export const WIDE_LAYOUT = '(min-width: 992px)';

interface MediaWatch {
  subscribe: (onChange: () => void) => () => void;
  matches: () => boolean;
}

const NO_MEDIA: MediaWatch = { subscribe: () => () => {}, matches: () => false };

// One MediaQueryList and one stable subscribe per query (per `matchMedia`, which tests replace):
// a new subscribe function each render made React unsubscribe and subscribe again on every
// render of the list page and the shell, and each render built a new MediaQueryList (perf-list).
const watches = new WeakMap<typeof matchMedia, Map<string, MediaWatch>>();

function watchOf(query: string): MediaWatch {
  if (typeof matchMedia !== 'function') return NO_MEDIA;
  let byQuery = watches.get(matchMedia);
  if (!byQuery) watches.set(matchMedia, (byQuery = new Map()));
  let watch = byQuery.get(query);
  if (!watch) {
    const list = matchMedia(query);
    watch = {
      subscribe: (onChange) => {
        list.addEventListener('change', onChange);
        return () => list.removeEventListener('change', onChange);
      },
      matches: () => list.matches,
    };
    byQuery.set(query, watch);
  }
  return watch;
}

/** Whether a media query matches, kept current as the window resizes. False where there is no `matchMedia` (jsdom). */
export function useMediaQuery(query: string): boolean {
  const watch = watchOf(query);
  return useSyncExternalStore(watch.subscribe, watch.matches, () => false);
}
