/** Set by the inspector loader when the inspector may open here (dev, `?inspect`, or config). */
let opener: (() => void) | undefined;

export function registerInspectorOpener(open: (() => void) | undefined): void {
  opener = open;
}

export function useInspectorToggle(): (() => void) | undefined {
  return opener;
}
