import { notAvailableView } from '../common/notAvailableView';

/** /settings and /users/settings (no permission needed). Owned by the account-flows work. */
export const settingsViews = {
  settings: notAvailableView,
  userSettings: notAvailableView,
  verifyEmail: notAvailableView,
};
