import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has no layout: virtualised lists (the transcript) would render nothing. This gives every
 * element the sizes a browser would measure (a 480 px scroll area, 52 px lines) and makes
 * scrollTo move and fire `scroll`, for the tests of the file that calls it.
 */
export function withLayoutSizes(): void {
  const sizes: Record<string, (this: HTMLElement) => number> = {
    clientHeight: () => 480,
    clientWidth: () => 640,
    offsetHeight: () => 52,
    offsetWidth: () => 640,
    scrollHeight(this: HTMLElement) {
      return parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '') || 0;
    },
  };
  const originals = Object.fromEntries(Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ?? Object.getOwnPropertyDescriptor(Element.prototype, key)]));
  const originalScrollTo = Element.prototype.scrollTo;
  beforeAll(() => {
    Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    } as Element['scrollTo'];
    for (const [key, get] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get });
  });
  afterAll(() => {
    Element.prototype.scrollTo = originalScrollTo;
    for (const key of Object.keys(sizes)) {
      const original = originals[key];
      if (original) Object.defineProperty(HTMLElement.prototype, key, original);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });
}
