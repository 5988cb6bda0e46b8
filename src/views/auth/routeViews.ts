import { lazyView } from '../lazyView';

/** Views of the public account routes (SPEC §2). Owned by the account-flows work. */
export const authViews = {
  login: lazyView(() => import('./LoginPage')),
  logout: lazyView(() => import('./LogoutPage')),
  register: lazyView(() => import('./RegisterPage')),
  forgotPassword: lazyView(() => import('./ForgotPasswordPage')),
  resetPassword: lazyView(() => import('./ResetPasswordPage')),
  resetPasswordThanks: lazyView(() => import('./ResetPasswordThanksPage')),
  emailVerification: lazyView(() => import('./EmailVerificationPage')),
  emailVerificationRequest: lazyView(() => import('./EmailVerificationRequestPage')),
  emailVerificationConfirmation: lazyView(() => import('./EmailVerificationConfirmationPage')),
  emailVerificationExpired: lazyView(() => import('./EmailVerificationExpiredPage')),
};
