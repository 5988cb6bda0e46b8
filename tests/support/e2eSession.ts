import type { BrowserContext, Page } from 'playwright-core';
import { signIn, type E2E } from './browser';

export interface SignedInSession {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh browser session on the test's browser (own cookies, downloads allowed) signed in as
 * `email` and landed (`landing`, default the dashboard). `E2E.close()` closes its context too.
 */
export async function signedInSession(
  e2e: E2E,
  email: string,
  options: { width?: number; height?: number; landing?: string; onPage?: (page: Page) => void } = {},
): Promise<SignedInSession> {
  const context = await e2e.browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, acceptDownloads: true });
  const page = await context.newPage();
  options.onPage?.(page);
  await page.goto(e2e.url('/login'));
  await signIn(page, email);
  await page.waitForURL(options.landing ?? '**/dashboard');
  return { context, page };
}

/** The page's own fetch, with the session cookie and the XSRF header the portal would send (and `json` as its body). */
export function pageFetch<Body = unknown>(page: Page, method: string, url: string, json?: unknown): Promise<{ status: number; body: Body | null }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const headers: Record<string, string> = { accept: 'application/json', 'x-xsrf-token': xsrf };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, credentials: 'same-origin', headers, body });
      return { status: response.status, body: (await response.json().catch(() => null)) as Body | null };
    },
    { method, url, body: json === undefined ? undefined : JSON.stringify(json) },
  );
}
