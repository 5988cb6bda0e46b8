import { notAvailableView } from '../common/notAvailableView';

/** The /reporting pages (SPEC §2). */
export const reportingViews = {
  overview: notAvailableView,
  conversations: notAvailableView,
  conversation: notAvailableView,
  roles: notAvailableView,
  rolesBreakdown: notAvailableView,
  instances: notAvailableView,
  instancesBreakdown: notAvailableView,
  byInstanceGrade: notAvailableView,
  byDisposition: notAvailableView,
};
