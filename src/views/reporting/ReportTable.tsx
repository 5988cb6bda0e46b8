import { useRef, type TableHTMLAttributes } from 'react';
import { useScrollsSideways } from '../common/useScrollsSideways';

interface ReportTableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** What the table holds, as its heading says it: the name of its box while that box scrolls. */
  label: string;
}

/**
 * A report's table, in a box that scrolls sideways when the table is wider than the screen: on a
 * phone the table scrolls, never the page (a bare review table made the overview 480 px wide at
 * 390). While it scrolls, the box is a named region the keyboard can reach and scroll. Every
 * report table is one of these but the entity statistics' (EntityStatisticsPage), whose box also
 * holds its pagination and says when the list is busy; its rows' links make it reachable.
 */
export function ReportTable({ label, className, children, ...table }: ReportTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div ref={box} className="report-table-wrap" {...(scrolls ? { role: 'region', tabIndex: 0, 'aria-label': `${label} (scrolls sideways)` } : {})}>
      <table className={className ? `report-table ${className}` : 'report-table'} {...table}>
        {children}
      </table>
    </div>
  );
}
