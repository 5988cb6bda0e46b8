import type { PermissionAction } from './api/schemas/permissions';
import { CHAT_SECTION, REPORTING_SECTION, RESOURCE_SECTIONS, SETTINGS_SECTION, type Section } from './sections';
import { lazyView } from './views/lazyView';

/**
 * THE route table (SPEC §2): every path, its lazy view, who may open it (public, guests only, or
 * signed in with a model + action), and its breadcrumbs. Order matters: the first match wins.
 */
export type Access = 'public' | 'guestOnly' | 'protected';

export interface RouteDef {
  path: string;
  view: ReturnType<typeof lazyView>;
  access: Access;
  /** SPEC §6: protected routes are tied to a model and an action. */
  permission?: { model: string; action: PermissionAction };
  /** SPEC §2: section name, then New or Edit. */
  crumbs: string[];
  title: string;
  section?: Section;
}

export interface RouteViewProps {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

const view = {
  notAvailable: lazyView(() => import('./views/common/NotAvailableYet')),
  login: lazyView(() => import('./views/auth/LoginPage')),
  logout: lazyView(() => import('./views/auth/LogoutPage')),
  dashboard: lazyView(() => import('./views/dashboard/DashboardPage')),
  notFound: lazyView(() => import('./views/errors/NotFoundPage')),
  forbidden: lazyView(() => import('./views/errors/ForbiddenPage')),
  error: lazyView(() => import('./views/errors/ErrorPage')),
  access: lazyView(() => import('./views/errors/AccessPage')),
  vendorInstructions: lazyView(() => import('./views/vendors/ContactInstructionsPage')),
};

/** Views of the resource sections; a section not built yet shows "not available yet". */
const resourceViews: Record<'index' | 'new' | 'read' | 'edit', RouteDef['view']> = {
  index: view.notAvailable,
  new: view.notAvailable,
  read: view.notAvailable,
  edit: view.notAvailable,
};

function guarded(section: Section, action: PermissionAction): RouteDef['permission'] {
  return section.model ? { model: section.model, action } : undefined;
}

/** index, /new, /{id}, /{id}/edit, and the tab routes SPEC §2 gives a section. */
function resourceRoutes(section: Section): RouteDef[] {
  const base = `/${section.key}`;
  const id = `:${section.idParam}`;
  const page = (path: string, kind: keyof typeof resourceViews, action: PermissionAction, crumbs: string[], title: string): RouteDef => ({
    path,
    view: resourceViews[kind],
    access: 'protected',
    permission: guarded(section, action),
    crumbs,
    title,
    section,
  });
  const routes = [
    page(base, 'index', 'browse', [section.label], section.label),
    page(`${base}/new`, 'new', 'add', [section.label, 'New'], `New — ${section.label}`),
    page(`${base}/${id}/edit`, 'edit', 'edit', [section.label, 'Edit'], `Edit — ${section.label}`),
  ];
  if (section.editTabs) routes.push(page(`${base}/${id}/edit/:tab`, 'edit', 'edit', [section.label, 'Edit'], `Edit — ${section.label}`));
  routes.push(page(`${base}/${id}`, 'read', 'read', [section.label], section.label));
  if (section.tabs) routes.push(page(`${base}/${id}/:tab`, 'read', 'read', [section.label], section.label));
  return routes;
}

function sectionPage(section: Section, path: string, action: PermissionAction, crumbs: string[], title: string, pageView = view.notAvailable): RouteDef {
  return { path, view: pageView, access: 'protected', permission: guarded(section, action), crumbs, title, section };
}

function publicPage(path: string, title: string, pageView = view.notAvailable, access: Access = 'public'): RouteDef {
  return { path, view: pageView, access, crumbs: [], title };
}

const byKey = (key: string) => RESOURCE_SECTIONS.find((s) => s.key === key)!;
const users = byKey('users');
const accounts = byKey('accounts');
const bots = byKey('bots');
const reporting = REPORTING_SECTION;

/** Extra routes SPEC §2 names for a section, placed before its generic `/{id}` patterns. */
const sectionExtras: Record<string, RouteDef[]> = {
  users: [
    sectionPage(users, '/users/verify-email', 'read', ['Users', 'Verify email'], 'Verify email'),
    { ...sectionPage(users, '/users/settings', 'read', ['Users', 'Settings'], 'Settings'), permission: undefined },
  ],
  accounts: [sectionPage(accounts, '/accounts/:id/delete', 'delete', ['Accounts', 'Delete'], 'Delete account')],
  bots: [sectionPage(bots, '/bots/:botId/duplicate', 'add', ['Bots', 'Duplicate'], 'Duplicate bot')],
};

const reportingRoutes: RouteDef[] = [
  sectionPage(reporting, '/reporting', 'browse', ['Reporting'], 'Reporting'),
  sectionPage(reporting, '/reporting/conversations', 'browse', ['Reporting', 'Conversations'], 'Conversations'),
  sectionPage(reporting, '/reporting/conversations/:ConversationId', 'read', ['Reporting', 'Conversations'], 'Conversation'),
  sectionPage(reporting, '/reporting/conversations/:ConversationId/:tab', 'read', ['Reporting', 'Conversations'], 'Conversation'),
  sectionPage(reporting, '/reporting/roles', 'browse', ['Reporting', 'Roles'], 'Role statistics'),
  sectionPage(reporting, '/reporting/roles/breakdown', 'browse', ['Reporting', 'Roles', 'Breakdown'], 'Role breakdown'),
  sectionPage(reporting, '/reporting/instances', 'browse', ['Reporting', 'Instances'], 'Instance statistics'),
  sectionPage(reporting, '/reporting/instances/breakdown', 'browse', ['Reporting', 'Instances', 'Breakdown'], 'Instance breakdown'),
  sectionPage(reporting, '/reporting/conversations-by-instance-grade', 'browse', ['Reporting', 'By instance grade'], 'Conversations by instance grade'),
  sectionPage(reporting, '/reporting/conversations-by-disposition', 'browse', ['Reporting', 'By disposition'], 'Conversations by disposition'),
];

export const ROUTES: readonly RouteDef[] = [
  publicPage('/', 'Sign in', view.login, 'guestOnly'),
  publicPage('/login', 'Sign in', view.login, 'guestOnly'),
  publicPage('/logout', 'Sign out', view.logout),
  publicPage('/register', 'Register'),
  publicPage('/reset-password', 'Reset password'),
  publicPage('/reset-password/thanks', 'Password reset'),
  publicPage('/forgot-password', 'Forgot password'),
  publicPage('/email-verification', 'Verify your email'),
  publicPage('/email-verification-request', 'Request a verification link'),
  publicPage('/email-verification-confirmation', 'Confirming your email'),
  publicPage('/email-verification-expired', 'Verification link expired'),
  publicPage('/error', 'Something went wrong', view.error),
  publicPage('/error/404', 'Page not found', view.notFound),
  publicPage('/error/forbidden', 'Forbidden', view.forbidden),
  publicPage('/error/access', 'No access', view.access),
  publicPage('/vendors/contacts/instructions', 'Contact instructions', view.vendorInstructions),
  { path: '/dashboard', view: view.dashboard, access: 'protected', crumbs: ['Dashboard'], title: 'Dashboard' },
  ...RESOURCE_SECTIONS.flatMap((section) => [...(sectionExtras[section.key] ?? []), ...resourceRoutes(section)]),
  ...reportingRoutes,
  sectionPage(CHAT_SECTION, '/chat', 'browse', ['Chat'], 'Chat'),
  sectionPage(SETTINGS_SECTION, '/settings', 'read', ['Settings'], 'Settings'),
];

/** Any unknown path shows not-found (SPEC §2). */
export const NOT_FOUND_ROUTE: RouteDef = publicPage('*', 'Page not found', view.notFound);

/** SPEC §2: other /vendors paths redirect to the public vendor page. */
export const VENDOR_PAGE = '/vendors/contacts/instructions';
export function isOtherVendorPath(path: string): boolean {
  return (path === '/vendors' || path.startsWith('/vendors/')) && path !== VENDOR_PAGE;
}

/** SPEC §2: tabbed pages take the active tab from the last path segment. */
export function activeTab<T extends string>(path: string, tabs: readonly T[], fallback: T): T {
  const last = path.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return tabs.find((tab) => tab === last) ?? fallback;
}
