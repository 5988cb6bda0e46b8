import { lazyView } from '../lazyView';

/** /settings and /users/settings (no permission needed). Owned by the account-flows work. */
export const settingsViews = {
  settings: lazyView(() => import('./SettingsPage')),
  userSettings: lazyView(() => import('./UserSettingsPage')),
  verifyEmail: lazyView(() => import('./VerifyEmailPage')),
};
