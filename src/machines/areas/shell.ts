import { createAccountApi } from '../../api/account';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createPreferencesMachine, type PreferencesActor } from '../preferences';
import { ensureSystemActor } from '../root';

/** The signed-in shell's own lazily spawned actor: the user's preferences (the palette is areas/palette.ts, loaded with the palette). */

/** The user's theme and saved list views, kept in user settings (issue 30): one per session. */
export function openPreferences(owner: AreaOwner): PreferencesActor {
  return ensureSystemActor<PreferencesActor>(owner.root, ACTOR_IDS.preferences, () => createPreferencesMachine(createAccountApi(owner.http)));
}
