import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { avatarColor, initials } from '../../format/avatar';
import { useAuth } from '../actors/useAuth';
import { useNavigate, useUser } from '../PortalContext';

/**
 * The user menu with menu semantics (WAI-ARIA menu button): opening puts focus on the first item,
 * ↑/↓/Home/End move between items, Escape closes and returns focus to the button, Tab closes.
 */
export function UserMenu({ onOpenInspector }: { onOpenInspector?: () => void }) {
  const user = useUser();
  const auth = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (!user) return null;
  const label = user.name || user.email;
  const letters = initials(label);
  const closeAndReturn = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeAndReturn();
    } else if (event.key === 'Tab') setOpen(false);
  };
  // An item's action starts from the menu button (focus returns there, as for Escape), so a dialog
  // it opens gives focus back to the button when it closes.
  const choose = (run: () => void) => () => {
    closeAndReturn();
    run();
  };
  return (
    <div className="user-menu" ref={ref}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="avatar" style={{ background: avatarColor(letters) }} aria-hidden="true">
          {letters}
        </span>
        <span className="user-name">{label}</span>
      </button>
      {open && (
        <ul id={menuId} ref={menu} className="user-menu-list" role="menu" aria-label="Account" onKeyDown={onMenuKey}>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={choose(() => navigate.go('/settings'))}>
              Settings
            </button>
          </li>
          {user.email_verified_at === null && (
            // SPEC §2's /users/verify-email, for an address the backend says is unverified (null; a
            // backend that does not send the field says nothing, and the reference API lets nobody unverified in).
            <li role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={choose(() => navigate.go('/users/verify-email'))}>
                Verify email
              </button>
            </li>
          )}
          {onOpenInspector && (
            <li role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onOpenInspector)}>
                Machine inspector
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={auth.signOut}>
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
