import { describe, expect, test } from 'vitest';
import { contrastRatio, DARK_THEME_BACKGROUNDS, formatRatio, luminance, MIN_TEXT_CONTRAST, parseHex, themeContrast, toHex, worstContrast } from '../../../src/format/themeContrast';

const rgb = (hex: string) => parseHex(hex)!;

describe('parseHex / toHex', () => {
  test('reads #rgb, #rgba, #rrggbb and #rrggbbaa (alpha ignored); refuses anything else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#4F46E5')).toEqual([79, 70, 229]);
    expect(parseHex('#ffeb3bcc')).toEqual([255, 235, 59]);
    expect(parseHex('#0f08')).toEqual([0, 255, 0]);
    for (const bad of ['red', '#12345', '4f46e5', '#ggg', '', 'rgb(0,0,0)']) expect(parseHex(bad), bad).toBeNull();
    expect(toHex([79, 70, 229])).toBe('#4f46e5');
  });
});

describe('contrastRatio (WCAG 2)', () => {
  test('black on white is 21:1, a colour on itself 1:1, order does not matter', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#fff'), rgb('#000'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#4f46e5'), rgb('#4f46e5'))).toBe(1);
  });

  test('known pairs: #767676 on white is 4.54:1, #777777 falls short', () => {
    expect(contrastRatio(rgb('#767676'), rgb('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(rgb('#777777'), rgb('#ffffff'))).toBeLessThan(MIN_TEXT_CONTRAST);
  });

  test('formatRatio never rounds a failing ratio up to a passing one', () => {
    expect(formatRatio(4.499)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('themeContrast: the colour links and buttons use', () => {
  test('a readable colour (the default indigo) is used as it is; header text on it is white', () => {
    const result = themeContrast('#4f46e5')!;
    expect(result.adjusted).toBe(false);
    expect(result.accent).toBe('#4f46e5');
    expect(result.chosenRatio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(result.onChosen).toBe('#ffffff');
  });

  test('a light yellow is replaced by the lightest darker shade of it that reaches 4.5:1; header text on it is dark', () => {
    const result = themeContrast('#ffeb3b')!;
    expect(result.chosen).toBe('#ffeb3b');
    expect(result.chosenRatio).toBeLessThan(1.5);
    expect(result.adjusted).toBe(true);
    expect(result.accentRatio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(worstContrast(rgb(result.accent))).toBe(result.accentRatio);
    // Still a yellow: red ≥ green > blue, and darker than chosen.
    const [r, g, b] = rgb(result.accent);
    expect(r).toBeGreaterThanOrEqual(g);
    expect(g).toBeGreaterThan(b);
    expect(luminance(rgb(result.accent))).toBeLessThan(luminance(rgb('#ffeb3b')));
    // Not darker than it has to be: well under 6:1.
    expect(result.accentRatio).toBeLessThan(6);
    expect(result.onChosen).toBe('#111111');
  });

  test('white and mid green are adjusted too; the shade keeps its hue (white stays grey)', () => {
    const white = themeContrast('#ffffff')!;
    expect(white.adjusted).toBe(true);
    const [r, g, b] = rgb(white.accent);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(white.accentRatio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const green = themeContrast('#0f9d58')!;
    expect(green.adjusted).toBe(true);
    expect(green.accentRatio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  test('every hue at every lightness ends readable against every light background', () => {
    for (let hue = 0; hue < 360; hue += 15) {
      for (const lightness of [20, 40, 50, 60, 75, 90, 100]) {
        const probe = hslHex(hue, 90, lightness);
        const result = themeContrast(probe)!;
        expect(result.accentRatio, `${probe} → ${result.accent}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        if (!result.adjusted) expect(result.accent).toBe(result.chosen);
      }
    }
  });

  test('not a hex colour: null, so nothing is applied', () => {
    expect(themeContrast('yellow')).toBeNull();
  });
});

/** `#rrggbb` of an HSL colour, written out here so the test does not reuse the module's own conversion. */
function hslHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return toHex([f(0), f(8), f(4)]);
}

describe('issue 30: the dark theme’s shade of the theme colour', () => {
  test('reads on every dark background (4.5:1), lighter than a dark colour and unchanged for a light one', () => {
    for (const colour of ['#4f46e5', '#111111', '#0f766e', '#be123c', '#ffeb3b', '#ffffff']) {
      const { accentDark } = themeContrast(colour)!;
      expect(worstContrast(rgb(accentDark), DARK_THEME_BACKGROUNDS), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(themeContrast('#ffeb3b')!.accentDark).toBe('#ffeb3b');
    expect(luminance(rgb(themeContrast('#4f46e5')!.accentDark))).toBeGreaterThan(luminance(rgb('#4f46e5')));
  });
});
