import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { avatarColor, initials } from '../../format/avatar';
import { usePortal, useUser } from '../PortalContext';

export function UserMenu({ onOpenInspector }: { onOpenInspector?: () => void }) {
  const user = useUser();
  const { auth } = usePortal();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) return null;
  const label = user.name || user.email;
  const letters = initials(label);
  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="user-menu-button" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <span className="avatar" style={{ background: avatarColor(letters) }} aria-hidden="true">
          {letters}
        </span>
        <span className="user-name">{label}</span>
      </button>
      {open && (
        <ul id={menuId} className="user-menu-list" aria-label="Account">
          <li>
            <Link href="/settings" onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          {onOpenInspector && (
            <li>
              <button type="button" onClick={() => { setOpen(false); onOpenInspector(); }}>
                Machine inspector
              </button>
            </li>
          )}
          <li>
            <button type="button" onClick={() => auth.send({ type: 'auth.logout' })}>
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
