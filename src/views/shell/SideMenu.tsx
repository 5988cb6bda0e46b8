import { Link, useLocation } from 'wouter';
import { permittedSections } from '../../machines/permissions';
import { flowOf } from '../../sections';
import { usePermissions } from '../PortalContext';

/** Only the sections the user may browse (SPEC §6), plus the dashboard. */
export function SideMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const permissions = usePermissions();
  const [location] = useLocation();
  const current = flowOf(location);
  const sections = permittedSections(permissions);
  return (
    <nav id="side-menu" aria-label="Sections" className={`side-menu${open ? ' is-open' : ''}`}>
      <ul>
        <li>
          <Link href="/dashboard" aria-current={current === 'dashboard' ? 'page' : undefined} onClick={onNavigate}>
            Dashboard
          </Link>
        </li>
        {sections.map((section) => (
          <li key={section.key}>
            <Link href={`/${section.key}`} aria-current={current === section.key ? 'page' : undefined} onClick={onNavigate}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
