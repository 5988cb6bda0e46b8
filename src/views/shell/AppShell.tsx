import { useState, type ReactNode } from 'react';
import type { RouteDef } from '../../route';
import { ToastRegion } from '../common/ToastRegion';
import { AccountFilter } from './AccountFilter';
import { Breadcrumbs } from './Breadcrumbs';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { useInspectorToggle } from './inspectorToggle';

/** The signed-in frame: header (menu toggle, account filter, user menu), side menu, breadcrumbs. */
export function AppShell({ route, children }: { route: RouteDef; params: Record<string, string | undefined>; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const openInspector = useInspectorToggle();
  return (
    <div className={`app-shell${menuOpen ? ' menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="side-menu" onClick={() => setMenuOpen((v) => !v)}>
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <span className="brand">Agent Portal</span>
        <div className="header-tools">
          <AccountFilter />
          <UserMenu onOpenInspector={openInspector} />
        </div>
      </header>
      <div className="app-body">
        <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main id="main" className="app-main" tabIndex={-1}>
          <Breadcrumbs route={route} />
          {children}
        </main>
      </div>
      <ToastRegion />
    </div>
  );
}
