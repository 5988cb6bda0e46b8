import type { SnapshotFrom } from 'xstate';
import type { AccountSettings } from '../../api/account';
import type { SettingsEvent, SettingsMachine } from './settings';

type SettingsSnapshot = SnapshotFrom<SettingsMachine>;

/** The account settings card's flow (convention: machines/auth.api.ts). */
export function settingsApi(flow: { send(event: SettingsEvent): void }) {
  return {
    save: (settings: Partial<AccountSettings>) => flow.send({ type: 'settings.save', settings }),
    retry: () => flow.send({ type: 'settings.retry' }),
  };
}

export const settingsSelectors = {
  settings: (s: SettingsSnapshot) => s.context.settings,
  loadFailed: (s: SettingsSnapshot) => s.hasTag('loadFailed'),
  saving: (s: SettingsSnapshot) => s.hasTag('saving'),
  error: (s: SettingsSnapshot) => s.context.error,
  notice: (s: SettingsSnapshot) => s.context.notice,
};
