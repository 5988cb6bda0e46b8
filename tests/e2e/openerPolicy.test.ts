import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startE2E, type E2E } from '../support/browser';

// Issue 16 changed the portal's COOP for Chromium from same-origin to noopener-allow-popups
// (server/http/openerPolicy.ts). What COOP is for must still hold in the browser: a page of another
// site that opens the portal gets no handle to it (cannot read, script or navigate it).
describe('a page that opens the portal gets no handle to it', () => {
  let e2e: E2E;
  let other: Server;
  let otherUrl: string;
  beforeAll(async () => {
    e2e = await startE2E();
    other = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Another site</title><p>Another site</p>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    // Another site, not only another port: localhost and 127.0.0.1.
    otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((resolve) => other?.close(resolve));
  });

  test('window.open from another site: the opener sees a closed window, the portal has no opener', async () => {
    const { page, context } = e2e;
    await page.goto(otherUrl);
    const opened = context.waitForEvent('page');
    await page.evaluate((url) => {
      (window as unknown as { portal: Window | null }).portal = window.open(url);
    }, e2e.url('/login'));
    const portal = await opened;
    await portal.waitForLoadState('load');
    await portal.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await portal.evaluate(() => window.opener)).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { portal: Window | null }).portal?.closed ?? true)).toBe(true);
  });
});
