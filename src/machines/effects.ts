import { themeContrast } from '../format/themeContrast';

/**
 * The few browser side effects machines perform, behind named functions so machine tests in Node
 * run them harmlessly and the inspector shows them as named actions.
 */
const GUEST_KEY = 'isGuest';
const THEME_KEY = 'theme_color';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** SPEC §4: the guest flag is stored locally as `isGuest` or `isNotGuest`. */
export function storeGuestFlag(isGuest: boolean): void {
  storage()?.setItem(GUEST_KEY, isGuest ? 'isGuest' : 'isNotGuest');
}

export function readGuestFlag(): boolean {
  return storage()?.getItem(GUEST_KEY) !== 'isNotGuest';
}

export function storedThemeColor(): string | null {
  return storage()?.getItem(THEME_KEY) ?? null;
}

const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * SPEC §6/§9: the user's theme colour, else the local copy; applied as CSS variables: `--theme-color`
 * as chosen (the header), `--theme-accent` for links and buttons (a darker shade when the colour is
 * too light to read, WCAG 1.4.3) and `--theme-on-color` for the header's text.
 */
export function applyThemeColor(color: string | null | undefined): void {
  const chosen = color && HEX_COLOR.test(color) ? color : storedThemeColor();
  if (!chosen || !HEX_COLOR.test(chosen)) return;
  storage()?.setItem(THEME_KEY, chosen);
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  style.setProperty('--theme-color', chosen);
  const contrast = themeContrast(chosen);
  if (contrast) {
    style.setProperty('--theme-accent', contrast.accent);
    style.setProperty('--theme-on-color', contrast.onChosen);
  }
}
