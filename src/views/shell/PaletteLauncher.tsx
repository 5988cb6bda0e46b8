import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { isTypingTarget, PALETTE_KEY_LABEL } from '../common/keyboard';

// Loaded on first use, not with the first screen (bench:bundle).
const CommandPalette = lazy(() => import('../palette/CommandPalette'));
const ShortcutsDialog = lazy(() => import('../palette/ShortcutsDialog'));

/**
 * The header's palette button and the portal's keyboard shortcuts: Ctrl/Cmd+K opens the command
 * palette, `?` lists every shortcut. Neither fires while the user types in a field, nor when a page
 * already handled the key (the chat console's own `?`).
 */
export function PaletteLauncher() {
  const [open, setOpen] = useState<'palette' | 'shortcuts' | null>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target) || event.altKey) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen('palette');
      } else if (event.key === '?' && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        setOpen('shortcuts');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const close = () => setOpen(null);
  return (
    <>
      <button type="button" className="palette-launcher" aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K" onClick={() => setOpen('palette')}>
        <span aria-hidden="true">⌕</span>
        <span className="palette-launcher-text">Search and commands</span>
        <kbd aria-hidden="true">{PALETTE_KEY_LABEL}</kbd>
      </button>
      {/* Outside the header, whose focus ring and colours are its own. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            {open === 'palette' && <CommandPalette onClose={close} onShortcuts={() => setOpen('shortcuts')} />}
            {open === 'shortcuts' && <ShortcutsDialog onClose={close} />}
          </Suspense>,
          document.body,
        )}
    </>
  );
}
