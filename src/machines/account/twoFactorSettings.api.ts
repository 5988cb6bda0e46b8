import type { SnapshotFrom } from 'xstate';
import type { TwoFactorSettingsEvent, twoFactorSettingsMachine } from './twoFactorSettings';

type TwoFactorSettingsSnapshot = SnapshotFrom<typeof twoFactorSettingsMachine>;

/** The two-factor card's flow (convention: machines/auth.api.ts). */
export function twoFactorSettingsApi(flow: { send(event: TwoFactorSettingsEvent): void }) {
  return {
    enable: () => flow.send({ type: 'twoFactor.enable' }),
    /** The code from the authenticator app (spaces are dropped). */
    confirm: (code: string) => flow.send({ type: 'twoFactor.confirm', code: code.replace(/\s+/g, '') }),
    cancel: () => flow.send({ type: 'twoFactor.cancel' }),
    showCodes: () => flow.send({ type: 'twoFactor.showCodes' }),
    regenerateCodes: () => flow.send({ type: 'twoFactor.regenerateCodes' }),
    disable: () => flow.send({ type: 'twoFactor.disable' }),
  };
}

export type TwoFactorPanel = 'off' | 'settingUp' | 'on';

export const twoFactorSettingsSelectors = {
  /** Which panel the card shows; a disable in flight keeps the set-up panel while a set-up is open. */
  panel: (s: TwoFactorSettingsSnapshot): TwoFactorPanel =>
    s.hasTag('off') ? 'off' : s.hasTag('settingUp') ? 'settingUp' : s.hasTag('on') ? 'on' : s.context.setup ? 'settingUp' : 'on',
  busy: (s: TwoFactorSettingsSnapshot) => s.hasTag('busy'),
  enabling: (s: TwoFactorSettingsSnapshot) => s.hasTag('enabling'),
  confirmingCode: (s: TwoFactorSettingsSnapshot) => s.hasTag('confirmingCode'),
  setup: (s: TwoFactorSettingsSnapshot) => s.context.setup,
  recoveryCodes: (s: TwoFactorSettingsSnapshot) => s.context.recoveryCodes,
  error: (s: TwoFactorSettingsSnapshot) => s.context.error,
  notice: (s: TwoFactorSettingsSnapshot) => s.context.notice,
};
