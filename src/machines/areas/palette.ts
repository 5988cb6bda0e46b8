import { isResourceKey, resourceApiFor, type ResourceKey } from '../../api/resources';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createPaletteMachine, RECORDS_PER_SECTION, type PaletteActor } from '../palette';
import { ensureSystemActor, releaseSystemActor } from '../root';

/** The command palette's record search over `sections` (those the user may browse), alive while the palette is open; loaded with the palette. */
export function openPalette(owner: AreaOwner, sections: readonly string[]): PaletteActor {
  const browse = async (section: string, search: string, signal: AbortSignal) =>
    (await resourceApiFor(owner.http, section as ResourceKey).browse({ search, show: RECORDS_PER_SECTION }, signal)).data;
  return ensureSystemActor<PaletteActor>(owner.root, ACTOR_IDS.palette, () => createPaletteMachine(browse), { sections: sections.filter(isResourceKey) }, 'page');
}

export function closePalette(owner: AreaOwner): void {
  releaseSystemActor(owner.root, ACTOR_IDS.palette);
}
