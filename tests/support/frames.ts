import type { Browser, Page } from 'playwright-core';

/**
 * Whether the page draws frames: two animation frames within `withinMs`. Headless Chromium can
 * leave a page without any (seen in CI: a fresh inspected page whose "Replay walk" click waited
 * its whole 30 s for a stable box, because Playwright's stability check counts animation
 * frames). A page whose main thread does not answer either counts as not drawing.
 */
export async function drawsFrames(page: Page, withinMs = 5_000): Promise<boolean> {
  const probe = page.evaluate(
    `new Promise((resolve) => {
      const late = setTimeout(() => resolve(false), ${withinMs});
      requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); resolve(true); }));
    })`,
  ) as Promise<boolean>;
  const silent = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs + 1_000));
  return Promise.race([probe.catch(() => false), silent]);
}

/** After a failed test: says which open pages draw no frames, so a stall is named rather than guessed. */
export async function reportPagesWithoutFrames(browser: Browser): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const drawing = await Promise.all(pages.map((page) => drawsFrames(page, 2_000)));
  pages.forEach((page, index) => {
    if (!drawing[index]) console.error(`e2e: ${page.url()} drew no animation frame in 2 s (a stalled renderer or a busy main thread: a click there waits for a stable box that never comes)`);
  });
}
