import type { PaletteActor } from './palette';

type PaletteSnapshot = ReturnType<PaletteActor['getSnapshot']>;

/** The palette actor's named senders (issue 25's convention). */
export function paletteApi(palette: PaletteActor) {
  return {
    type: (query: string) => palette.send({ type: 'palette.type', query }),
  };
}

export const paletteSelectors = {
  searching: (s: PaletteSnapshot) => s.hasTag('busy'),
  found: (s: PaletteSnapshot) => s.context.found,
};
