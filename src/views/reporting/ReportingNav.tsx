import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import './reporting.css';
import { REPORT_LINKS as LINKS } from './reportLinks';

/**
 * The reporting area's own pages, beside the section menu. Below 600 px the list collapses behind a
 * disclosure button naming the current page (the button is hidden, and the list always shown, wider).
 */
export function ReportingNav() {
  const [location] = useLocation();
  // Open only on the page it was opened on: choosing a page closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const current = LINKS.find((link) => link.href === location);
  return (
    <nav className={`report-nav${open ? ' is-open' : ''}`} aria-label="Reporting pages">
      <button type="button" className="button report-nav-toggle" aria-expanded={open} aria-controls="report-nav-list" onClick={() => setOpenAt(open ? null : location)}>
        Reporting pages{current ? `: ${current.label}` : ''}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      <ul id="report-nav-list">
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
