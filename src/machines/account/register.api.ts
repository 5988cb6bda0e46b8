import type { SnapshotFrom } from 'xstate';
import type { Registration } from '../../api/account';
import type { RegisterEvent, RegisterMachine } from './register';

type RegisterSnapshot = SnapshotFrom<RegisterMachine>;

/** The register flow's named API (convention: machines/auth.api.ts). */
export function registerApi(flow: { send(event: RegisterEvent): void }) {
  return {
    submit: (registration: Registration) => flow.send({ type: 'register.submit', registration }),
  };
}

export const registerSelectors = {
  /** Submitting, or registered and on the way to the verification prompt. */
  busy: (s: RegisterSnapshot) => !s.hasTag('editing'),
  error: (s: RegisterSnapshot) => s.context.error,
};
