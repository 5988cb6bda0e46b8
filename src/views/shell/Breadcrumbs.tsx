import { Link } from 'wouter';
import type { RouteDef } from '../../route';
import { useListHref } from '../common/useListHref';

/** SPEC §2: section name, then New or Edit. The section crumb links to its index. */
export function Breadcrumbs({ route }: { route: RouteDef }) {
  // Back to the list as it was left: its page, search and filters. Only a page below the list links
  // back to it (a list's own query change does not render the crumbs again).
  const backTo = route.crumbs.length > 1 ? route.section?.key : undefined;
  const listHref = useListHref(backTo ?? '');
  if (route.crumbs.length === 0) return null;
  const sectionHref = backTo ? listHref : undefined;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {route.crumbs.map((crumb, index) => {
          const last = index === route.crumbs.length - 1;
          return (
            <li key={`${crumb}-${index}`}>
              {index === 0 && sectionHref && !last ? <Link href={sectionHref}>{crumb}</Link> : <span aria-current={last ? 'page' : undefined}>{crumb}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
