import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AccountSettings } from '../api/account';
import { readListViews, type AllListViews, type ListViews } from '../api/schemas/savedViews';
import { applyAppearance, storedAppearance, type Appearance } from './effects';
import { failureOf, type OperationFailure } from './operation';

/** What this actor writes back: the keys of the user settings it owns (issue 30). */
export type PreferencesPatch = Pick<Partial<AccountSettings>, 'appearance'> & { list_views?: AllListViews };

export type PreferencesEvent =
  | { type: 'preferences.appearance'; appearance: Appearance }
  | { type: 'preferences.listViews'; list: string; views: ListViews }
  /** The settings flow saved or read the user's time zone (it owns that key; nothing is sent). */
  | { type: 'preferences.timeZone'; timeZone: string };

export interface PreferencesContext {
  appearance: Appearance;
  listViews: AllListViews;
  /** The user's time zone (settings `timezone`): every displayed time follows it; null = the browser's. */
  timeZone: string | null;
  /** Changes not yet saved (merged; sent once the settings are loaded and the last save is done). */
  pending: PreferencesPatch | null;
  /** The changes of the save in flight. */
  sending: PreferencesPatch | null;
  error: OperationFailure | null;
}

export const PREFERENCES_SAVE_SUMMARY = 'Error updating account settings';

/** A backend without the call (404/405) or without the keys in its answer keeps today's behaviour. */
function unsupported(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 405;
}

/**
 * The signed-in user's portal preferences kept in user settings (GET/POST /api/v1/user/settings):
 * the theme and the saved list views, so both follow the user to another browser and survive
 * sign-out. A session actor: stopped with the session.
 *
 * loading → ready ⇄ saving; a change made while loading or saving waits in `pending` and goes out
 * next (the server's copy never overwrites a choice the user just made). `local`: the backend
 * keeps none of it; the theme still applies in this browser, quietly.
 */
export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
  },
  actors: {
    fetchSettings: fromPromise<AccountSettings, void>(async () => {
      throw new Error('fetchSettings: no actor provided');
    }),
    saveSettings: fromPromise<AccountSettings, PreferencesPatch>(async () => {
      throw new Error('saveSettings: no actor provided');
    }),
  },
  actions: {
    applyAppearance: ({ context }) => applyAppearance(context.appearance),
    takeAppearance: assign(({ context, event }) => {
      const { appearance } = event as Extract<PreferencesEvent, { type: 'preferences.appearance' }>;
      return { appearance, pending: { ...context.pending, appearance } };
    }),
    takeListViews: assign(({ context, event }) => {
      const { list, views } = event as Extract<PreferencesEvent, { type: 'preferences.listViews' }>;
      const listViews = { ...context.listViews, [list]: views };
      return { listViews, pending: { ...context.pending, list_views: listViews } };
    }),
    readLoaded: assign(({ context }, settings: AccountSettings) => ({
      // A choice made while loading wins over the server's copy.
      appearance: context.pending?.appearance ?? settings.appearance ?? context.appearance,
      listViews: context.pending?.list_views ?? readListViews(settings.list_views),
      timeZone: context.timeZone ?? (typeof settings.timezone === 'string' && settings.timezone ? settings.timezone : null),
    })),
    takeTimeZone: assign({ timeZone: ({ event }) => (event as Extract<PreferencesEvent, { type: 'preferences.timeZone' }>).timeZone || null }),
  },
  guards: {
    'has pending changes': ({ context }) => context.pending !== null,
  },
}).createMachine({
  id: 'preferences',
  context: () => ({ appearance: storedAppearance(), listViews: {}, timeZone: null, pending: null, sending: null, error: null }),
  initial: 'loading',
  on: {
    'preferences.appearance': { actions: ['takeAppearance', 'applyAppearance'] },
    'preferences.listViews': { actions: 'takeListViews' },
    'preferences.timeZone': { actions: 'takeTimeZone' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchSettings',
        onDone: [
          { guard: ({ event }) => event.output.appearance === undefined && event.output.list_views === undefined, target: 'local', actions: { type: 'readLoaded', params: ({ event }) => event.output } },
          { target: 'ready', actions: [{ type: 'readLoaded', params: ({ event }) => event.output }, 'applyAppearance'] },
        ],
        // No settings call: this browser keeps the choice. Another failure: the same, said once quietly.
        onError: { target: 'local', actions: assign({ error: ({ event }) => (unsupported(event.error) ? null : failureOf(event.error, PREFERENCES_SAVE_SUMMARY)) }) },
      },
    },
    ready: {
      tags: ['synced'],
      always: { guard: 'has pending changes', target: 'saving' },
    },
    saving: {
      tags: ['synced', 'busy'],
      entry: assign({ error: null, sending: ({ context }) => context.pending, pending: null }),
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => context.sending ?? {},
        onDone: { target: 'ready', actions: assign({ sending: null }) },
        // Not retried by itself: the choice stays applied here, and the next change sends it all again.
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => failureOf(event.error, PREFERENCES_SAVE_SUMMARY), sending: null }),
        },
      },
    },
    local: {
      tags: ['local'],
      // Changes apply in this browser; there is nothing to send them to.
      entry: assign({ pending: null }),
      on: {
        'preferences.appearance': { actions: ['takeAppearance', 'applyAppearance', assign({ pending: null })] },
        'preferences.listViews': { actions: ['takeListViews', assign({ pending: null })] },
      },
    },
  },
});

export type PreferencesActor = ActorRefFrom<typeof preferencesMachine>;

export function createPreferencesMachine(api: { fetchSettings(signal?: AbortSignal): Promise<AccountSettings>; saveSettings(input: PreferencesPatch, signal?: AbortSignal): Promise<AccountSettings> }) {
  return preferencesMachine.provide({
    actors: {
      fetchSettings: fromPromise(({ signal }) => api.fetchSettings(signal)),
      saveSettings: fromPromise(({ input, signal }) => api.saveSettings(input, signal)),
    },
  });
}
