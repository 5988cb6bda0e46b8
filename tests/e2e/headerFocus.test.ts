import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

type Rgb = [number, number, number];
const rgbOf = (css: string): Rgb => (css.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map(Number) as Rgb;
const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('the header’s keyboard focus ring is visible whatever the theme colour (WCAG 2.4.7, 1.4.11)', () => {
  test('a ring on the header contrasts 3:1 with the header for dark, mid and light theme colours', async () => {
    const page = e2e.page;
    await page.goto(e2e.url('/login'));
    await signIn(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    for (const theme of ['#4f46e5', '#ffeb3b', '#ffffff', '#111111', '#e53935']) {
      await page.evaluate((colour) => document.documentElement.style.setProperty('--theme-color', colour), theme);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const toggle = page.locator('.app-header .menu-toggle');
      await toggle.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const styles = await toggle.evaluate((el) => {
        const header = getComputedStyle(el.closest('.app-header')!);
        const own = getComputedStyle(el);
        return { focused: document.activeElement === el, header: header.backgroundColor, outline: own.outlineColor, outlineWidth: own.outlineWidth, shadow: own.boxShadow };
      });
      expect(styles.focused).toBe(true);
      const header = rgbOf(styles.header);
      const rings = [styles.outlineWidth !== '0px' ? rgbOf(styles.outline) : null, styles.shadow !== 'none' ? rgbOf(styles.shadow) : null].filter((c): c is Rgb => c !== null);
      const best = Math.max(0, ...rings.map((ring) => contrast(ring, header)));
      expect(best, `${theme}: ${JSON.stringify(styles)}`).toBeGreaterThanOrEqual(3);
    }
  });
});
