import { waitFor } from 'xstate';
import { createAccountApi } from '../../api/account';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createPreferencesMachine, type PreferencesActor } from '../preferences';
import { preferencesSelectors } from '../preferences.api';
import { ensureSystemActor } from '../root';

/** The signed-in shell's own lazily spawned actor: the user's preferences (the palette is areas/palette.ts, loaded with the palette). */

/** The user's theme and saved list views, kept in user settings (issue 30): one per session. */
export function openPreferences(owner: AreaOwner): PreferencesActor {
  return ensureSystemActor<PreferencesActor>(owner.root, ACTOR_IDS.preferences, () => createPreferencesMachine(createAccountApi(owner.http)));
}

/**
 * Boot, on a signed-in page: the user's preferences are read with the page's first calls, and the
 * first screen waits for them (src/main.tsx, bounded by firstScreen.ts). Opened by the shell's
 * first render instead, their answer came just after the rows were drawn: every row was drawn
 * again for the time zone (and a user whose zone is not the browser's saw the times change under
 * them), right when the user's first click came. Resolves once they are answered or failed, or
 * after `timeoutMs` (a list's first call waits for its default view no longer than the first
 * screen); undefined when they are in already.
 */
export function preferencesRead(owner: AreaOwner, timeoutMs = Infinity): Promise<void> | undefined {
  const preferences = openPreferences(owner);
  // Already in: nothing to wait for, not even a turn (a list's call then leaves with the click).
  if (preferencesSelectors.loaded(preferences.getSnapshot())) return undefined;
  const settled = () => undefined;
  return waitFor(preferences, preferencesSelectors.loaded, { timeout: timeoutMs }).then(settled, settled);
}
