import type { PermissionAction } from './api/schemas/permissions';
import { CHAT_SECTION, CLIENTS_SECTION, REPORTING_SECTION, RESOURCE_SECTIONS, SETTINGS_SECTION, type Section } from './sections';
import type { Access, RouteData, RouteDataModule, RouteDef } from './route';
import { lazyView } from './views/lazyView';

/**
 * THE route table (SPEC §2): every path, its lazy view, who may open it (public, guests only, or
 * signed in with a model + action), and its breadcrumbs. Order matters: the first match wins.
 * Each view is named here directly (one chunk per page; the resource pages are shared by all
 * sections and read the section's config inside).
 */
const view = {
  login: lazyView(() => import('./views/auth/LoginPage')),
  twoFactorChallenge: lazyView(() => import('./views/auth/TwoFactorChallengePage')),
  logout: lazyView(() => import('./views/auth/LogoutPage')),
  register: lazyView(() => import('./views/auth/RegisterPage')),
  forgotPassword: lazyView(() => import('./views/auth/ForgotPasswordPage')),
  resetPassword: lazyView(() => import('./views/auth/ResetPasswordPage')),
  resetPasswordThanks: lazyView(() => import('./views/auth/ResetPasswordThanksPage')),
  emailVerification: lazyView(() => import('./views/auth/EmailVerificationPage')),
  emailVerificationRequest: lazyView(() => import('./views/auth/EmailVerificationRequestPage')),
  emailVerificationConfirmation: lazyView(() => import('./views/auth/EmailVerificationConfirmationPage')),
  emailVerificationExpired: lazyView(() => import('./views/auth/EmailVerificationExpiredPage')),
  resourceList: lazyView(() => import('./views/resources/ListPage')),
  resourceForm: lazyView(() => import('./views/resources/FormPage')),
  resourceDetail: lazyView(() => import('./views/resources/DetailPage')),
  accountDelete: lazyView(() => import('./views/resources/AccountDeletePage')),
  botDuplicate: lazyView(() => import('./views/resources/BotDuplicatePage')),
  reportingOverview: lazyView(() => import('./views/reporting/ReportingOverview')),
  conversations: lazyView(() => import('./views/reporting/ConversationsPage')),
  conversation: lazyView(() => import('./views/reporting/ConversationPage')),
  roleStatistics: lazyView(() => import('./views/reporting/EntityStatisticsPage')),
  roleBreakdown: lazyView(() => import('./views/reporting/BreakdownPage')),
  instanceStatistics: lazyView(() => import('./views/reporting/InstanceStatisticsPage')),
  instanceBreakdown: lazyView(() => import('./views/reporting/InstanceBreakdownPage')),
  byInstanceGrade: lazyView(() => import('./views/reporting/ByInstanceGradePage')),
  byDisposition: lazyView(() => import('./views/reporting/ByDispositionPage')),
  chat: lazyView(() => import('./views/chat/ChatConsolePage')),
  settings: lazyView(() => import('./views/settings/SettingsPage')),
  userSettings: lazyView(() => import('./views/settings/UserSettingsPage')),
  verifyEmail: lazyView(() => import('./views/settings/VerifyEmailPage')),
  dashboard: lazyView(() => import('./views/dashboard/DashboardPage')),
  notFound: lazyView(() => import('./views/errors/NotFoundPage')),
  forbidden: lazyView(() => import('./views/errors/ForbiddenPage')),
  error: lazyView(() => import('./views/errors/ErrorPage')),
  access: lazyView(() => import('./views/errors/AccessPage')),
  vendorInstructions: lazyView(() => import('./views/vendors/ContactInstructionsPage')),
};

/**
 * The pages' loaders (route.ts `RouteData`): each names its page's actor, which the route view
 * hands to the page as its `actor` prop, and sends the page's first call (render-as-you-fetch).
 * Small chunks requested beside the view's.
 */
function lazyLoader(load: () => Promise<RouteDataModule>): Pick<RouteData, 'load' | 'loaded'> {
  let module: RouteDataModule | undefined;
  let pending: Promise<RouteDataModule> | undefined;
  return {
    load: () => (pending ??= load().then((m) => (module = m), (error: unknown) => ((pending = undefined), Promise.reject(error)))),
    loaded: () => module,
  };
}
const resourceData = lazyLoader(() => import('./views/resources/routeData'));
const listData: RouteData = { kind: 'list', ...resourceData };
const recordData: RouteData = { kind: 'record', ...resourceData };
const formData: RouteData = { kind: 'form', ...resourceData };
const conversationData: RouteData = { kind: 'conversation', ...lazyLoader(() => import('./views/reporting/conversationRouteData')) };
const statisticsData: RouteData = { kind: 'statistics', ...lazyLoader(() => import('./views/reporting/routeData')) };
const conversationListData: RouteData = { kind: 'conversations', ...lazyLoader(() => import('./views/reporting/conversationsRouteData')) };
const chatData: RouteData = { kind: 'chat', ...lazyLoader(() => import('./views/chat/routeData')) };

function guarded(section: Section, action: PermissionAction): RouteDef['permission'] {
  return section.model ? { model: section.model, action } : undefined;
}

/** index, /new, /{id}, /{id}/edit, and the tab routes SPEC §2 gives a section. */
function resourceRoutes(section: Section): RouteDef[] {
  const base = `/${section.key}`;
  const id = `:${section.idParam}`;
  const page = (path: string, pageView: RouteDef['view'], action: PermissionAction, crumbs: string[], title: string, data?: RouteData): RouteDef => ({
    path,
    view: pageView,
    access: 'protected',
    permission: guarded(section, action),
    crumbs,
    title,
    section,
    ...(data ? { data } : {}),
  });
  const routes = [
    page(base, view.resourceList, 'browse', [section.label], section.label, listData),
    page(`${base}/new`, view.resourceForm, 'add', [section.label, 'New'], `New — ${section.label}`, formData),
    // SPEC §2's edit helper `{base}{model}/edit/{id}`: the same edit page (before `/{id}/{tab}`, which would read it as record "edit").
    page(`${base}/edit/${id}`, view.resourceForm, 'edit', [section.label, 'Edit'], `Edit — ${section.label}`, recordData),
    page(`${base}/${id}/edit`, view.resourceForm, 'edit', [section.label, 'Edit'], `Edit — ${section.label}`, recordData),
  ];
  if (section.editTabs) routes.push(page(`${base}/${id}/edit/:tab`, view.resourceForm, 'edit', [section.label, 'Edit'], `Edit — ${section.label}`, recordData));
  routes.push(page(`${base}/${id}`, view.resourceDetail, 'read', [section.label], section.label, recordData));
  if (section.tabs) routes.push(page(`${base}/${id}/:tab`, view.resourceDetail, 'read', [section.label], section.label, recordData));
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
    { ...sectionPage(users, '/users/verify-email', 'read', ['Users', 'Verify email'], 'Verify email', view.verifyEmail), permission: undefined },
    { ...sectionPage(users, '/users/settings', 'read', ['Users', 'Settings'], 'Settings', view.userSettings), permission: undefined },
  ],
  // Both pages show the record first: the route actor reads it like a record page's.
  accounts: [{ ...sectionPage(accounts, '/accounts/:id/delete', 'delete', ['Accounts', 'Delete'], 'Delete account', view.accountDelete), data: recordData }],
  bots: [{ ...sectionPage(bots, '/bots/:botId/duplicate', 'add', ['Bots', 'Duplicate'], 'Duplicate bot', view.botDuplicate), data: recordData }],
};

const reportingRoutes: RouteDef[] = [
  { ...sectionPage(reporting, '/reporting', 'browse', ['Reporting'], 'Reporting', view.reportingOverview), data: statisticsData },
  { ...sectionPage(reporting, '/reporting/conversations', 'browse', ['Reporting', 'Conversations'], 'Conversations', view.conversations), data: conversationListData },
  { ...sectionPage(reporting, '/reporting/conversations/:ConversationId', 'read', ['Reporting', 'Conversations'], 'Conversation', view.conversation), data: conversationData },
  { ...sectionPage(reporting, '/reporting/conversations/:ConversationId/:tab', 'read', ['Reporting', 'Conversations'], 'Conversation', view.conversation), data: conversationData },
  { ...sectionPage(reporting, '/reporting/roles', 'browse', ['Reporting', 'Roles'], 'Role statistics', view.roleStatistics), data: statisticsData },
  { ...sectionPage(reporting, '/reporting/roles/breakdown', 'browse', ['Reporting', 'Roles', 'Breakdown'], 'Role breakdown', view.roleBreakdown), data: statisticsData },
  { ...sectionPage(reporting, '/reporting/instances', 'browse', ['Reporting', 'Instances'], 'Instance statistics', view.instanceStatistics), data: statisticsData },
  { ...sectionPage(reporting, '/reporting/instances/breakdown', 'browse', ['Reporting', 'Instances', 'Breakdown'], 'Instance breakdown', view.instanceBreakdown), data: statisticsData },
  { ...sectionPage(reporting, '/reporting/conversations-by-instance-grade', 'browse', ['Reporting', 'By instance grade'], 'Conversations by instance grade', view.byInstanceGrade), data: statisticsData },
  { ...sectionPage(reporting, '/reporting/conversations-by-disposition', 'browse', ['Reporting', 'By disposition'], 'Conversations by disposition', view.byDisposition), data: conversationListData },
];

export const ROUTES: readonly RouteDef[] = [
  publicPage('/', 'Sign in', view.login, 'guestOnly'),
  publicPage('/login', 'Sign in', view.login, 'guestOnly'),
  publicPage('/two-factor-challenge', 'Two-factor authentication', view.twoFactorChallenge),
  publicPage('/logout', 'Sign out', view.logout),
  publicPage('/register', 'Register', view.register, 'guestOnly'),
  publicPage('/reset-password', 'Reset password', view.resetPassword),
  publicPage('/reset-password/thanks', 'Password reset', view.resetPasswordThanks),
  publicPage('/forgot-password', 'Forgot password', view.forgotPassword),
  publicPage('/email-verification', 'Verify your email', view.emailVerification),
  publicPage('/email-verification-request', 'Request a verification link', view.emailVerificationRequest),
  publicPage('/email-verification-confirmation', 'Confirming your email', view.emailVerificationConfirmation),
  publicPage('/email-verification-expired', 'Verification link expired', view.emailVerificationExpired),
  publicPage('/error', 'Something went wrong', view.error),
  publicPage('/error/404', 'Page not found', view.notFound),
  publicPage('/error/forbidden', 'Forbidden', view.forbidden),
  publicPage('/error/access', 'No access', view.access),
  publicPage('/vendors/contacts/instructions', 'Contact instructions', view.vendorInstructions),
  { path: '/dashboard', view: view.dashboard, access: 'protected', crumbs: ['Dashboard'], title: 'Dashboard' },
  ...RESOURCE_SECTIONS.flatMap((section) => [...(sectionExtras[section.key] ?? []), ...resourceRoutes(section)]),
  // SPEC §3's read-only client list: THE list page, no record routes (sectionConfigs: readOnly).
  { ...sectionPage(CLIENTS_SECTION, '/clients', 'browse', ['Clients'], 'Clients', view.resourceList), data: listData },
  ...reportingRoutes,
  { ...sectionPage(CHAT_SECTION, '/chat', 'browse', ['Chat'], 'Chat', view.chat), data: chatData },
  sectionPage(SETTINGS_SECTION, '/settings', 'read', ['Settings'], 'Settings', view.settings),
];

/** Any unknown path shows not-found (SPEC §2). */
export const NOT_FOUND_ROUTE: RouteDef = publicPage('*', 'Page not found', view.notFound);

/** SPEC §2: other /vendors paths redirect to the public vendor page. */
export const VENDOR_PAGE = '/vendors/contacts/instructions';
export function isOtherVendorPath(path: string): boolean {
  return (path === '/vendors' || path.startsWith('/vendors/')) && path !== VENDOR_PAGE;
}
