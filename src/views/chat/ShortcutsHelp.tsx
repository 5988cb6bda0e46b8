import { useEffect, useRef } from 'react';

/** The chat console's own keys; the portal's shortcuts dialog lists them too. */
export const CHAT_SHORTCUTS: Array<[keys: string, what: string]> = [
  ['Alt + ↑ / Alt + ↓', 'Previous / next chat (focus goes to its message box)'],
  ['Enter', 'Send the message'],
  ['Shift + Enter', 'New line in the message'],
  ['Escape', 'From the message box to the chat list'],
  ['↑ / ↓, Home / End', 'In the chat list: move between chats'],
  ['?', 'Show or hide these shortcuts'],
];

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
      <dl>
        {CHAT_SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button ref={close} type="button" className="button" onClick={onClose}>
        Close shortcuts
      </button>
    </div>
  );
}
