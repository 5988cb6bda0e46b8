import './palette.css';
import { useEffect, useId, useRef } from 'react';
import { CHAT_SHORTCUTS } from '../chat/ShortcutsHelp';
import { PALETTE_KEY_LABEL } from '../common/keyboard';

const PORTAL_SHORTCUTS: Array<[keys: string, what: string]> = [
  [PALETTE_KEY_LABEL, 'Open the command palette: go to a section or report, find a record, run a command'],
  ['?', 'Show these shortcuts'],
  ['Escape', 'Close the palette, a menu or a dialog'],
];
const PALETTE_KEYS: Array<[keys: string, what: string]> = [
  ['↑ / ↓', 'Move between results'],
  ['Enter', 'Go there, or run the command'],
];

function Keys({ list }: { list: Array<[string, string]> }) {
  return (
    <dl>
      {list.map(([keys, what]) => (
        <div key={keys} style={{ display: 'contents' }}>
          <dt>
            <kbd>{keys}</kbd>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  );
}

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
        <Keys list={PORTAL_SHORTCUTS} />
        <h3>In the command palette</h3>
        <Keys list={PALETTE_KEYS} />
        <h3>On the chat console</h3>
        <Keys list={CHAT_SHORTCUTS} />
        <button ref={close} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
