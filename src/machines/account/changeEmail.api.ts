import type { EmailChange, ProfileInformation } from '../../api/account';
import type { AccountEditSnapshot, ChangeEmailEvent } from './changeEmail';

/** Change email and profile information (one statechart, createAccountEditMachine). */
export function accountEditApi(flow: { send(event: ChangeEmailEvent): void }) {
  return {
    submit: (change: EmailChange | ProfileInformation) => flow.send({ type: 'account.submit', change }),
  };
}

export const accountEditSelectors = {
  /** Submitting, or done and on the way to the verification prompt. */
  busy: (s: AccountEditSnapshot) => !s.hasTag('editing'),
  error: (s: AccountEditSnapshot) => s.context.error,
  notice: (s: AccountEditSnapshot) => s.context.notice,
};
