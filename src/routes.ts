import type { PermissionAction } from './api/schemas/permissions';
import { CHAT_SECTION, REPORTING_SECTION, RESOURCE_SECTIONS, SETTINGS_SECTION, type Section } from './sections';
import { authViews } from './views/auth/routeViews';
import { chatViews } from './views/chat/routeViews';
import { lazyView } from './views/lazyView';
import { reportingViews } from './views/reporting/routeViews';
import { resourceExtraViews, resourceView, type ResourcePage } from './views/resources/routeViews';
import { settingsViews } from './views/settings/routeViews';

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
  dashboard: lazyView(() => import('./views/dashboard/DashboardPage')),
  notFound: lazyView(() => import('./views/errors/NotFoundPage')),
  forbidden: lazyView(() => import('./views/errors/ForbiddenPage')),
  error: lazyView(() => import('./views/errors/ErrorPage')),
  access: lazyView(() => import('./views/errors/AccessPage')),
  vendorInstructions: lazyView(() => import('./views/vendors/ContactInstructionsPage')),
};

function guarded(section: Section, action: PermissionAction): RouteDef['permission'] {
  return section.model ? { model: section.model, action } : undefined;
}

/** index, /new, /{id}, /{id}/edit, and the tab routes SPEC §2 gives a section. */
function resourceRoutes(section: Section): RouteDef[] {
  const base = `/${section.key}`;
  const id = `:${section.idParam}`;
  const page = (path: string, kind: ResourcePage, action: PermissionAction, crumbs: string[], title: string): RouteDef => ({
    path,
    view: resourceView(section.key, kind),
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

function sectionPage(section: Section, path: string, action: PermissionAction, crumbs: string[], title: string, pageView: RouteDef['view']): RouteDef {
  return { path, view: pageView, access: 'protected', permission: guarded(section, action), crumbs, title, section };
}

function publicPage(path: string, title: string, pageView: RouteDef['view'], access: Access = 'public'): RouteDef {
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
    { ...sectionPage(users, '/users/verify-email', 'read', ['Users', 'Verify email'], 'Verify email', settingsViews.verifyEmail), permission: undefined },
    { ...sectionPage(users, '/users/settings', 'read', ['Users', 'Settings'], 'Settings', settingsViews.userSettings), permission: undefined },
  ],
  accounts: [sectionPage(accounts, '/accounts/:id/delete', 'delete', ['Accounts', 'Delete'], 'Delete account', resourceExtraViews.accountDelete)],
  bots: [sectionPage(bots, '/bots/:botId/duplicate', 'add', ['Bots', 'Duplicate'], 'Duplicate bot', resourceExtraViews.botDuplicate)],
};

const reportingRoutes: RouteDef[] = [
  sectionPage(reporting, '/reporting', 'browse', ['Reporting'], 'Reporting', reportingViews.overview),
  sectionPage(reporting, '/reporting/conversations', 'browse', ['Reporting', 'Conversations'], 'Conversations', reportingViews.conversations),
  sectionPage(reporting, '/reporting/conversations/:ConversationId', 'read', ['Reporting', 'Conversations'], 'Conversation', reportingViews.conversation),
  sectionPage(reporting, '/reporting/conversations/:ConversationId/:tab', 'read', ['Reporting', 'Conversations'], 'Conversation', reportingViews.conversation),
  sectionPage(reporting, '/reporting/roles', 'browse', ['Reporting', 'Roles'], 'Role statistics', reportingViews.roles),
  sectionPage(reporting, '/reporting/roles/breakdown', 'browse', ['Reporting', 'Roles', 'Breakdown'], 'Role breakdown', reportingViews.rolesBreakdown),
  sectionPage(reporting, '/reporting/instances', 'browse', ['Reporting', 'Instances'], 'Instance statistics', reportingViews.instances),
  sectionPage(reporting, '/reporting/instances/breakdown', 'browse', ['Reporting', 'Instances', 'Breakdown'], 'Instance breakdown', reportingViews.instancesBreakdown),
  sectionPage(reporting, '/reporting/conversations-by-instance-grade', 'browse', ['Reporting', 'By instance grade'], 'Conversations by instance grade', reportingViews.byInstanceGrade),
  sectionPage(reporting, '/reporting/conversations-by-disposition', 'browse', ['Reporting', 'By disposition'], 'Conversations by disposition', reportingViews.byDisposition),
];

export const ROUTES: readonly RouteDef[] = [
  publicPage('/', 'Sign in', authViews.login, 'guestOnly'),
  publicPage('/login', 'Sign in', authViews.login, 'guestOnly'),
  publicPage('/logout', 'Sign out', authViews.logout),
  publicPage('/register', 'Register', authViews.register, 'guestOnly'),
  publicPage('/reset-password', 'Reset password', authViews.resetPassword),
  publicPage('/reset-password/thanks', 'Password reset', authViews.resetPasswordThanks),
  publicPage('/forgot-password', 'Forgot password', authViews.forgotPassword),
  publicPage('/email-verification', 'Verify your email', authViews.emailVerification),
  publicPage('/email-verification-request', 'Request a verification link', authViews.emailVerificationRequest),
  publicPage('/email-verification-confirmation', 'Confirming your email', authViews.emailVerificationConfirmation),
  publicPage('/email-verification-expired', 'Verification link expired', authViews.emailVerificationExpired),
  publicPage('/error', 'Something went wrong', view.error),
  publicPage('/error/404', 'Page not found', view.notFound),
  publicPage('/error/forbidden', 'Forbidden', view.forbidden),
  publicPage('/error/access', 'No access', view.access),
  publicPage('/vendors/contacts/instructions', 'Contact instructions', view.vendorInstructions),
  { path: '/dashboard', view: view.dashboard, access: 'protected', crumbs: ['Dashboard'], title: 'Dashboard' },
  ...RESOURCE_SECTIONS.flatMap((section) => [...(sectionExtras[section.key] ?? []), ...resourceRoutes(section)]),
  ...reportingRoutes,
  sectionPage(CHAT_SECTION, '/chat', 'browse', ['Chat'], 'Chat', chatViews.console),
  sectionPage(SETTINGS_SECTION, '/settings', 'read', ['Settings'], 'Settings', settingsViews.settings),
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
