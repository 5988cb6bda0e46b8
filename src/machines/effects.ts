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
    // styles.css picks the shade of the theme in use (data-theme on <html>).
    style.setProperty('--theme-accent-light', contrast.accent);
    style.setProperty('--theme-accent-dark', contrast.accentDark);
    style.setProperty('--theme-on-color', contrast.onChosen);
  }
}

/** Issue 30: the user's theme. `system` follows the operating system's light or dark setting. */
export type Appearance = 'system' | 'light' | 'dark';
/** The key public/theme.js reads before the first paint: keep the two in step. */
const APPEARANCE_KEY = 'portal-appearance';

export function isAppearance(value: unknown): value is Appearance {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function storedAppearance(): Appearance {
  const stored = storage()?.getItem(APPEARANCE_KEY);
  return isAppearance(stored) ? stored : 'system';
}

/**
 * Applies the theme at once and keeps a local copy, so the next page load paints in it from the
 * start (public/theme.js reads the copy; it also follows the system setting while `system`).
 */
export function applyAppearance(appearance: Appearance): void {
  const store = storage();
  if (appearance === 'system') store?.removeItem(APPEARANCE_KEY);
  else store?.setItem(APPEARANCE_KEY, appearance);
  if (typeof document === 'undefined') return;
  const systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const theme = appearance === 'system' ? (systemDark ? 'dark' : 'light') : appearance;
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}
