import { useSyncExternalStore } from 'react';

export type ColourScheme = 'light' | 'dark';

function current(): ColourScheme {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/**
 * The theme in use (`data-theme` on <html>, set by public/theme.js and src/machines/effects.ts), for
 * what CSS cannot restyle by itself: colours read once into a canvas (charts, the waveform).
 */
export function useColourScheme(): ColourScheme {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof MutationObserver !== 'function') return () => {};
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
      return () => observer.disconnect();
    },
    current,
    () => 'light',
  );
}
