import type { AccountApi, PasswordChange } from '../../api/account';
import { createOperation } from '../operation';

export const CHANGE_PASSWORD_SUMMARY = 'Change Password Failed';

/**
 * One call, so THE operation statechart. Two endpoints do the same: `/api/v1/user/change-password`
 * (the settings page) and Fortify's `PUT /user/password` (the profile page).
 */
export function createChangePasswordFlow(api: Pick<AccountApi, 'changePassword' | 'updatePassword'>, endpoint: 'v1' | 'fortify' = 'v1') {
  return createOperation((input: PasswordChange, signal) =>
    endpoint === 'v1' ? api.changePassword(input, signal) : api.updatePassword(input, signal),
  );
}
