import { writeCookie } from '../api/cookies';
import { browserTimeZone, FIRST_SCREEN_HINTS_COOKIE, firstScreenHintsValue } from '../firstScreenHints';

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
  // The readable shades come with the signed-in code, which the page loads meanwhile: the contrast
  // rules are not needed to sign in (bench:bundle). A newer colour chosen meanwhile wins.
  void import('../format/themeContrast')
    .then(({ themeColorVars }) => {
      if (storedThemeColor() !== chosen) return;
      for (const [name, value] of Object.entries(themeColorVars(chosen))) style.setProperty(name, value);
    })
    .catch(() => {}); // the chunk did not come: the default accents stay, still readable
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

/**
 * This browser's first-screen hints (src/firstScreenHints.ts: its time zone, the account filter's
 * choice), for its server to draw its next signed-in page: written at boot and when the filter changes.
 */
export function writeFirstScreenHints(accountId: string | null): void {
  if (typeof document === 'undefined') return;
  writeCookie(FIRST_SCREEN_HINTS_COOKIE, firstScreenHintsValue({ timeZone: browserTimeZone(), accountId }), HINTS_MAX_AGE_SECONDS);
}

/** A year: the hints outlive a session (a returning browser's first screen is drawn by its server). */
const HINTS_MAX_AGE_SECONDS = 365 * 24 * 3600;
