import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AnyActorRef } from 'xstate';
import { InspectorPanel } from './InspectorPanel';
import type { Recorder } from './recorder';
import { writePanelState } from './panelState';
import { InspectorStore } from './store';

let mounted: { root: Root; store: InspectorStore; recorder: Recorder; open: boolean } | undefined;

/** Entry of the lazy inspector chunk: shows the panel in its own React root, beside the portal. */
/**
 * Where focus goes back on close: the opener; if it is gone (menus close on click), the control
 * whose `aria-controls` names the container that held it (the menu's toggle); else the page.
 */
function focusTarget(opener: Element | null | undefined): () => HTMLElement | null {
  const element = opener instanceof HTMLElement && opener !== document.body ? opener : null;
  const containerIds: string[] = [];
  for (let node = element?.parentElement; node; node = node.parentElement) if (node.id) containerIds.push(node.id);
  return () => {
    if (element?.isConnected) return element;
    for (const id of containerIds) {
      const toggle = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`);
      if (toggle) return toggle;
    }
    return document.getElementById('main');
  };
}

export function openInspector(portalRoot: AnyActorRef, recorder: Recorder, opener: Element | null = document.activeElement): void {
  if (!mounted) {
    const container = document.createElement('div');
    container.id = 'machine-inspector';
    document.body.append(container);
    // The store keeps listening while the panel is closed, so reopening shows the whole log.
    mounted = { root: createRoot(container), store: new InspectorStore(portalRoot, recorder), recorder, open: false };
  }
  if (mounted.open) return;
  const current = mounted;
  const returnFocus = focusTarget(opener);
  current.open = true;
  writePanelState({ open: true });
  document.documentElement.classList.add('inspector-open');
  const close = () => {
    current.open = false;
    writePanelState({ open: false });
    document.documentElement.classList.remove('inspector-open');
    current.root.render(null);
    // Focus goes back where it was (the user menu), or to the page when that is gone.
    returnFocus()?.focus();
  };
  current.root.render(
    <StrictMode>
      <InspectorPanel store={current.store} recorder={current.recorder} onClose={close} />
    </StrictMode>,
  );
}
