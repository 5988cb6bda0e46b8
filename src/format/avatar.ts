// Avatar rules of SPEC §9: colours derive from initials.

// First letter or digit of a word, as a whole code point (so accented and non-Latin names work).
function firstAlnum(word: string): string {
  return word.match(/[\p{L}\p{N}]/u)?.[0] ?? '';
}

/**
 * Up to two letters: first of the first word and first of the last word (`Ada King Lovelace` → `AL`).
 * An email address gives the first letter of its local part (`ada@example.com` → `A`).
 */
export function initials(name: string): string {
  const trimmed = name.trim();
  if (/^\S+@\S+$/.test(trimmed)) return firstAlnum(trimmed.split('@')[0] ?? '').toUpperCase();
  const words = trimmed.split(/\s+/).filter((w) => firstAlnum(w) !== '');
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (firstAlnum(first ?? '') + firstAlnum(last ?? '')).toUpperCase();
}

// sRGB relative luminance of an HSL colour (h in degrees, s and l in percent), per WCAG 2.
function luminance(h: number, s: number, l: number): number {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number): number => {
    const k = (n + h / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of white text on the HSL colour. */
export function whiteContrast(h: number, s: number, l: number): number {
  return 1.05 / (luminance(h, s, l) + 0.05);
}

export const AVATAR_SATURATION = 55;
export const AVATAR_MAX_LIGHTNESS = 45;
// WCAG AA for normal text; initials are short, but the avatar may be small.
export const AVATAR_MIN_CONTRAST = 4.5;

/**
 * A deterministic `hsl(h, s%, l%)` from the initials (case-insensitive). The hue comes from a hash;
 * the lightness is the highest ≤ 45% at which white text still reaches 4.5:1, because a fixed
 * lightness is too light for yellows and greens.
 */
export function avatarColor(initials: string): string {
  let hash = 0;
  for (const ch of initials.toUpperCase()) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  const hue = Math.abs(hash) % 360;
  let lightness = AVATAR_MAX_LIGHTNESS;
  while (lightness > 0 && whiteContrast(hue, AVATAR_SATURATION, lightness) < AVATAR_MIN_CONTRAST) lightness -= 1;
  return `hsl(${hue}, ${AVATAR_SATURATION}%, ${lightness}%)`;
}
