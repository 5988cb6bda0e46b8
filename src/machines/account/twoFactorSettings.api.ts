import type { SnapshotFrom } from 'xstate';
import type { TwoFactorSettingsEvent, TwoFactorSettingsMachine } from './twoFactorSettings';

type TwoFactorSettingsSnapshot = SnapshotFrom<TwoFactorSettingsMachine>;

/** The two-factor card's flow (convention: machines/auth.api.ts). */
export function twoFactorSettingsApi(flow: { send(event: TwoFactorSettingsEvent): void }) {
  return {
    enable: () => flow.send({ type: 'twoFactor.enable' }),
    /** The code from the authenticator app (spaces are dropped). */
    confirm: (code: string) => flow.send({ type: 'twoFactor.confirm', code: code.replace(/\s+/g, '') }),
    cancel: () => flow.send({ type: 'twoFactor.cancel' }),
    showCodes: () => flow.send({ type: 'twoFactor.showCodes' }),
    regenerateCodes: () => flow.send({ type: 'twoFactor.regenerateCodes' }),
    /** Asks first: `disableConfirmed` turns it off, `keepOn` leaves it on. */
    disable: () => flow.send({ type: 'twoFactor.disable' }),
    disableConfirmed: () => flow.send({ type: 'twoFactor.disableConfirmed' }),
    keepOn: () => flow.send({ type: 'twoFactor.keepOn' }),
    /** Fortify's password.confirm (the server answered 423): the password, or giving up. */
    confirmPassword: (password: string) => flow.send({ type: 'twoFactor.confirmPassword', password }),
    cancelPassword: () => flow.send({ type: 'twoFactor.cancelPassword' }),
  };
}

/** `password`: the server wants the password confirmed first; `askingToDisable`: "turn it off?". */
export type TwoFactorPanel = 'off' | 'settingUp' | 'on' | 'password' | 'askingToDisable';

export const twoFactorSettingsSelectors = {
  /** Which panel the card shows; a disable in flight keeps the set-up panel while a set-up is open. */
  panel: (s: TwoFactorSettingsSnapshot): TwoFactorPanel =>
    s.hasTag('passwordNeeded')
      ? 'password'
      : s.hasTag('askingToDisable')
        ? 'askingToDisable'
        : s.hasTag('off')
          ? 'off'
          : s.hasTag('settingUp')
            ? 'settingUp'
            : s.hasTag('on')
              ? 'on'
              : s.context.setup
                ? 'settingUp'
                : 'on',
  busy: (s: TwoFactorSettingsSnapshot) => s.hasTag('busy'),
  enabling: (s: TwoFactorSettingsSnapshot) => s.hasTag('enabling'),
  confirmingCode: (s: TwoFactorSettingsSnapshot) => s.hasTag('confirmingCode'),
  checkingPassword: (s: TwoFactorSettingsSnapshot) => s.hasTag('checkingPassword'),
  setup: (s: TwoFactorSettingsSnapshot) => s.context.setup,
  recoveryCodes: (s: TwoFactorSettingsSnapshot) => s.context.recoveryCodes,
  error: (s: TwoFactorSettingsSnapshot) => s.context.error,
  notice: (s: TwoFactorSettingsSnapshot) => s.context.notice,
};
