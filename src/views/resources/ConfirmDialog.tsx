import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

/**
 * A modal confirmation (DESIGN §7: dialogs trap focus). Focus starts on Cancel — the safe
 * choice — stays inside while open, Escape cancels, and goes back to the opener on close.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', busy = false, busyLabel = 'Deleting…', tone = 'danger', onConfirm, onCancel }: {
  title: string;
  message: string;
  confirmLabel: string;
  /** What the confirm button says while the call runs. */
  busyLabel?: string;
  /** A delete is red; a purchase or an import is not. */
  tone?: 'danger' | 'primary';
  /** The safe choice, focused first. */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select, textarea')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div ref={dialog} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        <p id={messageId}>{message}</p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`button button-${tone}`} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
