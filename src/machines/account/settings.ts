import { assign, enqueueActions, sendTo, setup, type AnyActorRef } from 'xstate';
import type { AccountApi, AccountSettings } from '../../api/account';
import { ACTOR_IDS } from '../actorIds';
import { defineOperations, type OperationFailure, type OperationFamily, type ReportOf } from '../operation';
import { authIn } from './refs';

export const FETCH_SETTINGS_SUMMARY = 'Error fetching account settings';
export const SAVE_SETTINGS_SUMMARY = 'Error updating account settings';
export const SETTINGS_SAVED = 'Your settings have been saved.';

/** The card's two calls (THE operation family): GET and POST /api/v1/user/settings. */
function settingsOperations(api: Pick<AccountApi, 'fetchSettings' | 'saveSettings'>) {
  return defineOperations(
    {
      load: { summary: FETCH_SETTINGS_SUMMARY, call: (_: void, signal: AbortSignal) => api.fetchSettings(signal) },
      save: { summary: SAVE_SETTINGS_SUMMARY, call: (settings: Partial<AccountSettings>, signal: AbortSignal) => api.saveSettings(settings, signal) },
    },
    (kind) => `flow:accountSettings:${kind}`,
  );
}
type SettingsOperations = ReturnType<typeof settingsOperations> extends OperationFamily<infer S> ? S : never;

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
 * goes to the session's preferences actor, so every displayed time follows it at once. The calls
 * are THE operation (children `load` and `save`); this machine keeps only those rules.
 */
export function createSettingsFlow(api: Pick<AccountApi, 'fetchSettings' | 'saveSettings'>) {
  const operations = settingsOperations(api);
  return setup({
    types: {
      context: {} as SettingsContext,
      events: {} as SettingsEvent | ReportOf<SettingsOperations>,
      /** `loadFailed`: nothing to edit until a retry; `saving` is `busy` with the form still shown. */
      tags: {} as 'busy' | 'loadFailed' | 'saving' | 'editing',
    },
    actors: operations.actors,
    actions: {
      load: sendTo('load', operations.start('load', undefined)),
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
    // The children first: `loading`'s entry starts one of them.
    entry: enqueueActions(({ enqueue }) => operations.spawnAll(enqueue)),
    initial: 'loading',
    states: {
      loading: {
        tags: 'busy',
        entry: [assign({ error: null }), 'load'],
        on: {
          'operation.report.succeeded': { target: 'ready', actions: [assign({ settings: ({ event }) => event.output }), 'shareTimeZone'] },
          'operation.report.failed': { target: 'loadFailed', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      loadFailed: { tags: 'loadFailed', on: { 'settings.retry': 'loading' } },
      ready: { tags: 'editing', on: { 'settings.save': { target: 'saving', actions: sendTo('save', ({ event }) => operations.start('save', event.settings)) } } },
      saving: {
        tags: ['busy', 'saving'],
        entry: assign({ error: null, notice: null }),
        on: {
          'operation.report.succeeded': { target: 'ready', actions: [assign({ settings: ({ event }) => event.output, notice: SETTINGS_SAVED }), 'applyThemeToUser', 'shareTimeZone'] },
          'operation.report.failed': { target: 'ready', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
    },
  });
}

export type SettingsMachine = ReturnType<typeof createSettingsFlow>;
