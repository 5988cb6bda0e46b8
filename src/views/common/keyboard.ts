/** True while the user types in a field: no single-key shortcut may fire then (issue 30). */
export function isTypingTarget(element: EventTarget | null): boolean {
  return element instanceof HTMLElement && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** How the palette's key reads on this device. */
export const PALETTE_KEY_LABEL = isMac() ? '⌘ K' : 'Ctrl + K';
