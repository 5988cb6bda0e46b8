/**
 * What the inspector remembers for this tab (sessionStorage): whether it was open and which actor
 * was selected, so a reload or a full-page navigation brings it back as the tester left it.
 * Imported by main.tsx, so it stays tiny and imports nothing.
 */
export interface InspectorPanelState {
  open: boolean;
  /** systemId (or id) of the selected actor. */
  selected?: string;
}

const KEY = 'agent-portal:inspector';

export function readPanelState(): InspectorPanelState {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return { open: false };
    const { open, selected } = parsed as Record<string, unknown>;
    return { open: open === true, ...(typeof selected === 'string' ? { selected } : {}) };
  } catch {
    return { open: false };
  }
}

export function writePanelState(change: Partial<InspectorPanelState>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readPanelState(), ...change }));
  } catch {
    // Storage refused: the inspector simply opens fresh next time.
  }
}
