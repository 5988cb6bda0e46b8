import './palette.css';
import { useEffect, useId, useRef } from 'react';
import { SHORTCUTS, ShortcutList } from '../common/shortcuts';

/** `?`: every keyboard shortcut of the portal (none fires while typing in a field). */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => opener?.focus?.();
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="dialog shortcuts-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else if (event.key === 'Tab') event.preventDefault(); // one button: focus stays on it
        }}
      >
        <h2 id={titleId}>Keyboard shortcuts</h2>
        <p className="field-hint">None of them fires while you type in a field.</p>
        <h3>Anywhere</h3>
        <ShortcutList list={SHORTCUTS.anywhere} />
        <h3>In the command palette</h3>
        <ShortcutList list={SHORTCUTS.palette} />
        <h3>On the chat console</h3>
        <ShortcutList list={SHORTCUTS.chat} />
        <button ref={close} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
