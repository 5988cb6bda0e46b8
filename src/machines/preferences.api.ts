import type { ListViews } from '../api/schemas/savedViews';
import type { Appearance } from './effects';
import type { PreferencesActor } from './preferences';

type PreferencesSnapshot = ReturnType<PreferencesActor['getSnapshot']>;

/** The preferences actor's named senders (issue 25's convention: views build no event objects). */
export function preferencesApi(preferences: PreferencesActor) {
  return {
    /** Applies the theme at once and keeps it in user settings. */
    setAppearance: (appearance: Appearance) => preferences.send({ type: 'preferences.appearance', appearance }),
    /** Replaces one list's saved views (and its default) and keeps them in user settings. */
    setListViews: (list: string, views: ListViews) => preferences.send({ type: 'preferences.listViews', list, views }),
  };
}

export type PreferencesActorApi = ReturnType<typeof preferencesApi>;

const NO_VIEWS: ListViews = { views: [], default: null };

export const preferencesSelectors = {
  appearance: (s: PreferencesSnapshot) => s.context.appearance,
  /** The zone every displayed time uses; undefined = the browser's own. */
  timeZone: (s: PreferencesSnapshot) => s.context.timeZone ?? undefined,
  /** One list's views; the same empty value for a list without any. */
  listViews: (list: string) => (s: PreferencesSnapshot) => s.context.listViews[list] ?? NO_VIEWS,
  /** The settings answered: a default view can be chosen now. */
  loaded: (s: PreferencesSnapshot) => !s.hasTag('busy') || s.hasTag('synced'),
  /** The backend keeps none of it: this browser only. */
  localOnly: (s: PreferencesSnapshot) => s.hasTag('local'),
  saveFailed: (s: PreferencesSnapshot) => s.context.error,
};
