import { Link, useLocation } from 'wouter';
import './reporting.css';

const LINKS = [
  { href: '/reporting', label: 'Overview' },
  { href: '/reporting/conversations', label: 'Conversations' },
  { href: '/reporting/roles', label: 'Roles' },
  { href: '/reporting/roles/breakdown', label: 'Role breakdown' },
  { href: '/reporting/instances', label: 'Instances' },
  { href: '/reporting/instances/breakdown', label: 'Instance breakdown' },
  { href: '/reporting/conversations-by-instance-grade', label: 'By instance grade' },
  { href: '/reporting/conversations-by-disposition', label: 'By disposition' },
];

/** The reporting area's own pages, beside the section menu. */
export function ReportingNav() {
  const [location] = useLocation();
  return (
    <nav className="report-nav" aria-label="Reporting pages">
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
