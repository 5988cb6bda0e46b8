import type { SnapshotFrom } from 'xstate';
import type { ResetPasswordEvent, ResetPasswordMachine } from './resetPassword';

type ResetPasswordSnapshot = SnapshotFrom<ResetPasswordMachine>;

/** The reset-password flow's named API (convention: machines/auth.api.ts). */
export function resetPasswordApi(flow: { send(event: ResetPasswordEvent): void }) {
  return {
    submit: (email: string, password: string, password_confirmation: string) => flow.send({ type: 'reset.submit', email, password, password_confirmation }),
  };
}

export const resetPasswordSelectors = {
  /** The mailed link has no token: nothing can be reset with it. */
  linkIncomplete: (s: ResetPasswordSnapshot) => s.hasTag('linkIncomplete'),
  busy: (s: ResetPasswordSnapshot) => s.hasTag('busy'),
  error: (s: ResetPasswordSnapshot) => s.context.error,
};
