// WCAG 2 contrast for the user's theme colour (issue 12, item 11): links and buttons use the colour
// only where it is readable, otherwise a darker shade of the same hue.

export type Rgb = readonly [number, number, number];

/** The light backgrounds theme-coloured text sits on: page, cards, info notices (styles.css). */
export const THEME_BACKGROUNDS = ['#f6f7fb', '#ffffff', '#eef4ff'] as const;
/** The same backgrounds in the dark theme (styles.css `:root[data-theme='dark']`), plus the sunken and selected surfaces. */
export const DARK_THEME_BACKGROUNDS = ['#0f1218', '#181c25', '#1a2440', '#1f2430', '#252b4a'] as const;
/** WCAG AA for normal text (1.4.3); white text on a primary button needs the same. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` as 0–255 channels (alpha ignored); null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  let digits = match[1]!;
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2 definition). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The lowest ratio of the colour against any of the backgrounds: the one that decides readability. */
export function worstContrast(colour: Rgb, backgrounds: readonly string[] = THEME_BACKGROUNDS): number {
  return Math.min(...backgrounds.map((bg) => contrastRatio(colour, parseHex(bg) ?? [255, 255, 255])));
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? ((gn - bn) / d + (gn < bn ? 6 : 0)) * 60 : max === gn ? ((bn - rn) / d + 2) * 60 : ((rn - gn) / d + 4) * 60;
  return [h, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)].map((c) => Math.round(c)) as unknown as Rgb;
}

export interface ThemeContrast {
  /** The shade links and buttons use in the dark theme: the colour, or a lighter shade of it that reads on the dark backgrounds. */
  accentDark: string;
  /** The colour the user chose, normalised to `#rrggbb`. */
  chosen: string;
  /** Its lowest contrast against the light backgrounds. */
  chosenRatio: number;
  /** What links and buttons use: the chosen colour, or a darker shade of it. */
  accent: string;
  accentRatio: number;
  adjusted: boolean;
  /** Header text on the chosen colour: white or near-black, whichever reads better. */
  onChosen: '#ffffff' | '#111111';
}

const WHITE: Rgb = [255, 255, 255];
const NEAR_BLACK: Rgb = [17, 17, 17];

/**
 * The theme colour as links and buttons may use it: unchanged when it reaches `minimum` against every
 * background, else the same hue and saturation with the lightness lowered (in 1% steps, so at most 100
 * tries) to the first shade that does. Black always does, so a shade is always found. Null for a value
 * that is not a hex colour.
 */
export function themeContrast(hex: string, minimum = MIN_TEXT_CONTRAST, backgrounds: readonly string[] = THEME_BACKGROUNDS): ThemeContrast | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  const chosenRatio = worstContrast(rgb, backgrounds);
  const onChosen = contrastRatio(rgb, WHITE) >= contrastRatio(rgb, NEAR_BLACK) ? '#ffffff' : '#111111';
  const chosen = toHex(rgb);
  const accentDark = toHex(readableShade(rgb, minimum, DARK_THEME_BACKGROUNDS, 'lighter'));
  if (chosenRatio >= minimum) return { chosen, chosenRatio, accent: chosen, accentRatio: chosenRatio, adjusted: false, onChosen, accentDark };
  const shade = readableShade(rgb, minimum, backgrounds, 'darker');
  return { chosen, chosenRatio, accent: toHex(shade), accentRatio: worstContrast(shade, backgrounds), adjusted: true, onChosen, accentDark };
}

/**
 * The colour itself when it reaches `minimum` against every background, else the first shade of the
 * same hue and saturation, 1% of lightness at a time (at most 100 tries), that does; black (darker) or
 * white (lighter) always does against the backgrounds they are meant for.
 */
function readableShade(rgb: Rgb, minimum: number, backgrounds: readonly string[], direction: 'darker' | 'lighter'): Rgb {
  if (worstContrast(rgb, backgrounds) >= minimum) return rgb;
  const [h, s, l] = toHsl(rgb);
  const start = Math.round(l * 100);
  for (let step = start; step >= 0 && step <= 100; step += direction === 'darker' ? -1 : 1) {
    const candidate = fromHsl(h, s, step / 100);
    if (worstContrast(candidate, backgrounds) >= minimum) return candidate;
  }
  return direction === 'darker' ? [0, 0, 0] : [255, 255, 255];
}

/** A ratio as people read it: `4.52:1`. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * The CSS variables the user's theme colour sets (machines/effects.ts applyThemeColor; a server
 * drawing the page, src/serverRender.tsx): `--theme-color` as chosen (the header),
 * `--theme-accent-light|dark` for links and buttons (a darker or lighter shade where the colour is
 * not readable on that theme's backgrounds; styles.css picks by data-theme) and `--theme-on-color`
 * for the header's text. Nothing for a value that is not a hex colour.
 */
export function themeColorVars(chosen: string): Record<string, string> {
  if (!parseHex(chosen)) return {}; // not a colour: nothing set
  const contrast = themeContrast(chosen);
  if (!contrast) return { '--theme-color': chosen };
  return { '--theme-color': chosen, '--theme-accent-light': contrast.accent, '--theme-accent-dark': contrast.accentDark, '--theme-on-color': contrast.onChosen };
}
