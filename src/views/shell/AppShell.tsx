import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { RouteDef } from '../../route';
import { ToastRegion } from '../common/ToastRegion';
import { useMediaQuery, WIDE_LAYOUT } from '../common/useMediaQuery';
import { AccountFilter } from './AccountFilter';
import { Breadcrumbs } from './Breadcrumbs';
import { SideMenu } from './SideMenu';
import { PaletteLauncher } from './PaletteLauncher';
import { UserMenu } from './UserMenu';
import { useInspectorToggle } from './inspectorToggle';
import { usePreferencesState } from '../actors/usePreferences';
import { preferencesSelectors } from '../../machines/preferences.api';
import { TimeZoneContext } from '../common/TimeZone';
import { usePortal } from '../PortalContext';

/** SPEC §2 / §9: the layout is wide from 992 px (the menu beside the content); below, the menu is a drawer. */

/** The signed-in frame: header (menu toggle, account filter, user menu), side menu, breadcrumbs. */
export function AppShell({ route, children }: { route: RouteDef; params: Record<string, string | undefined>; children: ReactNode }) {
  const wide = useMediaQuery(WIDE_LAYOUT);
  const [location] = useLocation();
  // The drawer is open only on the page it was opened on, so any navigation (a menu link, Back) closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const [hiddenWhenWide, setHiddenWhenWide] = useState(false);
  const drawerOpen = !wide && drawerOpenAt === location;
  const expanded = wide ? !hiddenWhenWide : drawerOpen;
  const toggle = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const openInspector = useInspectorToggle();
  // The user's theme, saved views and time zone come from user settings once per session (the actor loads them).
  const chosenTimeZone = usePreferencesState(preferencesSelectors.timeZone);
  // Else the browser's: its own in a browser (undefined), the one it told its server when a server draws the page.
  const { browserTimeZone } = usePortal();
  const timeZone = chosenTimeZone ?? browserTimeZone;

  useEffect(() => {
    if (!drawerOpen) return;
    // Focus moves into the drawer, on the current section when it is listed.
    const menu = body.current?.querySelector('#side-menu');
    (menu?.querySelector<HTMLElement>('a[aria-current="page"]') ?? menu?.querySelector<HTMLElement>('a'))?.focus();
    const closeAndReturn = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setDrawerOpenAt(null);
      toggle.current?.focus();
    };
    // A click or focus (Tab past the last link) outside the drawer and its toggle closes it.
    const closeOutside = (event: Event) => {
      const target = event.target as Node;
      if (!menu?.contains(target) && !toggle.current?.contains(target)) setDrawerOpenAt(null);
    };
    document.addEventListener('keydown', closeAndReturn);
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeAndReturn);
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [drawerOpen]);

  const onToggle = () => {
    if (wide) setHiddenWhenWide((hidden) => !hidden);
    else setDrawerOpenAt(drawerOpen ? null : location);
  };

  return (
    <TimeZoneContext.Provider value={timeZone}>
      <div className={`app-shell${hiddenWhenWide ? ' menu-hidden' : ''}`}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="app-header">
          <button ref={toggle} type="button" className="menu-toggle" aria-expanded={expanded} aria-controls="side-menu" onClick={onToggle}>
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </button>
          {/* On a phone the header shows "Portal" (styles.css): the account picker's choice then fits whole. */}
          <span className="brand">
            <span className="brand-qualifier">Agent </span>Portal
          </span>
          <div className="header-tools">
            <PaletteLauncher />
            <AccountFilter />
            <UserMenu onOpenInspector={openInspector} />
          </div>
        </header>
        <div className="app-body" ref={body}>
          <SideMenu open={drawerOpen} onNavigate={() => setDrawerOpenAt(null)} />
          {drawerOpen && <div className="menu-backdrop" aria-hidden="true" />}
          <main id="main" className="app-main" tabIndex={-1}>
            <Breadcrumbs route={route} />
            {children}
          </main>
        </div>
        <ToastRegion />
      </div>
    </TimeZoneContext.Provider>
  );
}
