import type { AccountApi } from '../../api/account';
import { createOperation } from '../operation';

export const FORGOT_PASSWORD_SUMMARY = 'Error sending reset password email';

/**
 * One call, so it is THE operation statechart: idle → loading → success (output: the server's
 * neutral status text) | failed. Start with `{type: 'operation.start', input: {email}}`.
 */
export function createForgotPasswordFlow(api: Pick<AccountApi, 'forgotPassword'>) {
  return createOperation((input: { email: string }, signal) => api.forgotPassword(input, signal));
}
