import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { contrastRatio, DARK_THEME_BACKGROUNDS, parseHex, THEME_BACKGROUNDS } from '../../src/format/themeContrast';

/**
 * Issue 30: both themes' colours (src/styles.css) reach WCAG AA: every text colour on every
 * background it can sit on, 4.5:1.
 */
const css = readFileSync(path.resolve('src/styles.css'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('\n}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{3,8})\b/gi)].map((m) => [m[1]!, m[2]!]));
}

const light = block(':root');
const dark = { ...light, ...block(":root[data-theme='dark']") };
// The default accents: var(--theme-accent-light|dark, <default>).
const accent = {
  light: /--theme-accent: var\(--theme-accent-light, (#[0-9a-f]{6})\)/i.exec(css)![1]!,
  dark: /--theme-accent: var\(--theme-accent-dark, (#[0-9a-f]{6})\)/i.exec(css)![1]!,
};

const TEXTS = ['--text', '--text-soft', '--muted', '--danger', '--success', '--warning', '--speaker-user', '--code-key'];
const BACKGROUNDS = ['--bg', '--surface', '--surface-sunken', '--field-bg', '--info-bg', '--selected-bg'];

function failures(palette: Record<string, string>, accentColour: string): string[] {
  const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!);
  const found: string[] = [];
  const check = (fg: string, fgColour: string, bg: string, bgColour: string) => {
    const r = ratio(fgColour, bgColour);
    if (r < 4.5) found.push(`${fg} on ${bg}: ${r.toFixed(2)}`);
  };
  for (const fg of [...TEXTS]) for (const bg of BACKGROUNDS) check(fg, palette[fg]!, bg, palette[bg]!);
  for (const bg of BACKGROUNDS) check('accent', accentColour, bg, palette[bg]!);
  check('--danger', palette['--danger']!, '--danger-bg', palette['--danger-bg']!);
  check('--inverse-text', palette['--inverse-text']!, '--inverse-bg', palette['--inverse-bg']!);
  check('--theme-on-accent', palette['--theme-on-accent']!, 'accent', accentColour);
  check('white', '#ffffff', '--danger-solid', palette['--danger-solid']!);
  return found;
}

describe('both themes reach AA', () => {
  test('the dark palette: every text colour on every background', () => {
    expect(Object.keys(block(":root[data-theme='dark']")).length).toBeGreaterThan(15);
    expect(failures(dark, accent.dark)).toEqual([]);
  });

  test('the light palette too', () => {
    expect(failures(light, accent.light)).toEqual([]);
  });

  test('the backgrounds themeContrast checks a user’s colour against are the palettes’ own', () => {
    expect([light['--bg'], light['--surface'], light['--info-bg']]).toEqual([...THEME_BACKGROUNDS]);
    expect([dark['--bg'], dark['--surface'], dark['--info-bg'], dark['--surface-sunken'], dark['--selected-bg']]).toEqual([...DARK_THEME_BACKGROUNDS]);
  });
});
