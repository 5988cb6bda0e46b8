import { notAvailableView } from '../common/notAvailableView';
import { lazyView } from '../lazyView';

/** Views of the public account routes (SPEC §2). Owned by the account-flows work. */
export const authViews = {
  login: lazyView(() => import('./LoginPage')),
  logout: lazyView(() => import('./LogoutPage')),
  register: notAvailableView,
  forgotPassword: notAvailableView,
  resetPassword: notAvailableView,
  resetPasswordThanks: notAvailableView,
  emailVerification: notAvailableView,
  emailVerificationRequest: notAvailableView,
  emailVerificationConfirmation: notAvailableView,
  emailVerificationExpired: notAvailableView,
};
