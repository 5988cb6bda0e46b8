import { lazyView } from '../lazyView';

/** The /reporting pages (SPEC §2), each its own lazy chunk. */
export const reportingViews = {
  overview: lazyView(() => import('./ReportingOverview')),
  conversations: lazyView(() => import('./ConversationsPage')),
  conversation: lazyView(() => import('./ConversationPage')),
  roles: lazyView(() => import('./EntityStatisticsPage')),
  rolesBreakdown: lazyView(() => import('./BreakdownPage')),
  instances: lazyView(() => import('./InstanceStatisticsPage')),
  instancesBreakdown: lazyView(() => import('./InstanceBreakdownPage')),
  byInstanceGrade: lazyView(() => import('./ByInstanceGradePage')),
  byDisposition: lazyView(() => import('./ByDispositionPage')),
};
