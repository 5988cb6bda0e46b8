import { afterAll, beforeAll, expect, test } from 'vitest';
import { signIn, startE2E, type E2E } from '../support/browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * Issue 25 (speed): a returning page asks the server for its HTML and its data only. Before, the
 * theme script (a parser-blocking classic script) was served under its plain name with `no-cache`,
 * so every page load waited for its revalidation before the module scripts could run.
 */
test('a record page opened again takes every script from the browser cache: the network serves only the page and its calls', async () => {
  const { page, context, url } = e2e;
  await page.goto(url('/login'));
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/dashboard');
  await page.goto(url('/bots/1'));
  await page.getByRole('heading', { level: 1 }).waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium's memory cache answers without a response from anywhere but says so apart.
  const fromCache = new Set<string>();
  const answered: Array<{ requestId: string; path: string; cached: boolean }> = [];
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    answered.push({ requestId, path: new URL(response.url).pathname, cached: !!(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker) });
  });
  await page.goto(url('/bots/1'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('load');
  const fromNetwork = answered.filter((a) => !a.cached && !fromCache.has(a.requestId)).map((a) => a.path);

  const scripts = fromNetwork.filter((path) => path.endsWith('.js'));
  expect(scripts).toEqual([]);
  expect(fromNetwork).toContain('/bots/1');
});
