import { useSyncExternalStore } from 'react';

/** SPEC §2: the layout is wide from 992 px. */
export const WIDE_LAYOUT = '(min-width: 992px)';

/** Whether a media query matches, kept current as the window resizes. False where there is no `matchMedia` (jsdom). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
}
