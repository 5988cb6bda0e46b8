import type { AccountApi, ProfileInformation } from '../../api/account';
import { createAccountEditMachine } from './changeEmail';

/** SPEC §8's summary for a failed edit of one's own profile. */
export const PROFILE_SUMMARY = 'Edit Failed';
export const PROFILE_SAVED = 'Your profile has been updated.';

/** Fortify's `PUT /user/profile-information` (name, email): the same statechart as change email. */
export function createProfileInformationFlow(api: Pick<AccountApi, 'updateProfile'>) {
  return createAccountEditMachine('profileInformation', PROFILE_SUMMARY, PROFILE_SAVED, (change, signal) => api.updateProfile(change as ProfileInformation, signal));
}
