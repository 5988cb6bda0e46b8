/** The reporting area's pages, in menu order: ReportingNav and the command palette list them. */
export const REPORT_LINKS: readonly { href: string; label: string }[] = [
  { href: '/reporting', label: 'Overview' },
  { href: '/reporting/conversations', label: 'Conversations' },
  { href: '/reporting/roles', label: 'Roles' },
  { href: '/reporting/roles/breakdown', label: 'Role breakdown' },
  { href: '/reporting/instances', label: 'Instances' },
  { href: '/reporting/instances/breakdown', label: 'Instance breakdown' },
  { href: '/reporting/conversations-by-instance-grade', label: 'By instance grade' },
  { href: '/reporting/conversations-by-disposition', label: 'By disposition' },
];
