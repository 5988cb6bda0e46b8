import type { SnapshotFrom } from 'xstate';
import type { ConfirmEmailEvent, ConfirmEmailMachine, VerificationCheckEvent, verificationCheckMachine } from './emailVerification';

type ConfirmEmailSnapshot = SnapshotFrom<ConfirmEmailMachine>;
type VerificationCheckSnapshot = SnapshotFrom<typeof verificationCheckMachine>;

/** /email-verification-confirmation's flow (convention: machines/auth.api.ts). */
export function confirmEmailApi(flow: { send(event: ConfirmEmailEvent): void }) {
  return {
    retry: () => flow.send({ type: 'verification.retry' }),
  };
}

export const confirmEmailSelectors = {
  failed: (s: ConfirmEmailSnapshot) => s.hasTag('failed'),
  verified: (s: ConfirmEmailSnapshot) => s.hasTag('verified'),
  error: (s: ConfirmEmailSnapshot) => s.context.error,
};

/** /email-verification's "I have verified my email" check. */
export function verificationCheckApi(flow: { send(event: VerificationCheckEvent): void }) {
  return {
    check: () => flow.send({ type: 'verification.check' }),
  };
}

export const verificationCheckSelectors = {
  checking: (s: VerificationCheckSnapshot) => s.hasTag('busy'),
  notice: (s: VerificationCheckSnapshot) => s.context.notice,
};
