import { useEffect, useRef } from 'react';
import { SHORTCUTS, ShortcutList } from '../common/shortcuts';

// The chat's keys, then the ones that work anywhere (`?` closes this help), from the one list.
const CHAT_HELP = [...SHORTCUTS.chat, ...SHORTCUTS.anywhere.filter(([keys]) => keys === '?')];

/** The console's keyboard shortcuts (`?`). Not offered on touch devices (chat.css hides the button). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => opener?.focus?.();
  }, []);
  return (
    <div
      className="chat-shortcuts"
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-shortcuts-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === '?') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 id="chat-shortcuts-title">Keyboard shortcuts</h2>
      <ShortcutList list={CHAT_HELP} />
      <button ref={close} type="button" className="button" onClick={onClose}>
        Close shortcuts
      </button>
    </div>
  );
}
