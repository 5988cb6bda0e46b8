import { useSyncExternalStore } from 'react';

/** Set by the inspector loader when the inspector may open here (dev build or `config.inspector`). */
let opener: (() => void) | undefined;
const listeners = new Set<() => void>();

export function registerInspectorOpener(open: (() => void) | undefined): void {
  opener = open;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const current = () => opener;

/** The opener, or undefined: the user menu re-renders when it is registered later. */
export function useInspectorToggle(): (() => void) | undefined {
  return useSyncExternalStore(subscribe, current, current);
}
