import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { AccountApi, AccountSettings } from '../../api/account';
import { ACTOR_IDS } from '../actorIds';
import { failureOf, type OperationFailure } from '../operation';
import { authIn } from './refs';

export const FETCH_SETTINGS_SUMMARY = 'Error fetching account settings';
export const SAVE_SETTINGS_SUMMARY = 'Error updating account settings';
export const SETTINGS_SAVED = 'Your settings have been saved.';

export type SettingsEvent = { type: 'settings.save'; settings: Partial<AccountSettings> } | { type: 'settings.retry' };

export interface SettingsContext {
  settings: AccountSettings | null;
  error: OperationFailure | null;
  notice: string | null;
}

/**
 * The user's settings (GET/POST /api/v1/user/settings): loading → ready ⇄ saving, loadFailed.
 * A saved theme colour goes to the auth actor as `auth.userUpdated`, which applies it at once;
 * the server keeps it on the user, so the next sign-in applies it too (SPEC §6). The time zone
 * goes to the session's preferences actor, so every displayed time follows it at once.
 */
export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    /** `loadFailed`: nothing to edit until a retry; `saving` is `busy` with the form still shown. */
    tags: {} as 'busy' | 'loadFailed' | 'saving' | 'editing',
  },
  actors: {
    fetchSettings: fromPromise<AccountSettings, void>(async () => {
      throw new Error('fetchSettings: no actor provided');
    }),
    saveSettings: fromPromise<AccountSettings, Partial<AccountSettings>>(async () => {
      throw new Error('saveSettings: no actor provided');
    }),
  },
  actions: {
    applyThemeToUser: enqueueActions(({ context, system, enqueue }) => {
      const auth = authIn(system);
      const user = auth.getSnapshot().context.user;
      if (user && context.settings) enqueue.sendTo(auth, { type: 'auth.userUpdated', user: { ...user, theme_color: context.settings.theme_color } });
    }),
    // Every displayed time follows the zone at once: the session's preferences actor holds it.
    shareTimeZone: enqueueActions(({ context, system, enqueue }) => {
      const preferences = system.get(ACTOR_IDS.preferences) as AnyActorRef | undefined;
      if (preferences && context.settings?.timezone) enqueue.sendTo(preferences, { type: 'preferences.timeZone', timeZone: context.settings.timezone });
    }),
  },
}).createMachine({
  id: 'settings',
  context: () => ({ settings: null, error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchSettings',
        onDone: { target: 'ready', actions: [assign({ settings: ({ event }) => event.output }), 'shareTimeZone'] },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => failureOf(event.error, FETCH_SETTINGS_SUMMARY) }) },
      },
    },
    loadFailed: { tags: 'loadFailed', on: { 'settings.retry': 'loading' } },
    ready: { tags: 'editing', on: { 'settings.save': 'saving' } },
    saving: {
      tags: ['busy', 'saving'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'saveSettings',
        input: ({ event }) => (event as Extract<SettingsEvent, { type: 'settings.save' }>).settings,
        onDone: { target: 'ready', actions: [assign({ settings: ({ event }) => event.output, notice: SETTINGS_SAVED }), 'applyThemeToUser', 'shareTimeZone'] },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureOf(event.error, SAVE_SETTINGS_SUMMARY) }) },
      },
    },
  },
});

export function createSettingsFlow(api: Pick<AccountApi, 'fetchSettings' | 'saveSettings'>) {
  return settingsMachine.provide({
    actors: {
      fetchSettings: fromPromise(({ signal }) => api.fetchSettings(signal)),
      saveSettings: fromPromise(({ input, signal }) => api.saveSettings(input, signal)),
    },
  });
}
