/**
 * npm run bench:chat — live chat streaming in headless Chromium against the reference gateway.
 *
 * 16 concurrent chats each receive 100 deltas per second for 10 seconds (driven server-side by
 * the gateway's bench-only `benchStream`, which no client can reach). Measured in the same run:
 *   - every character arrives (each chat's final message equals what the gateway sent);
 *   - React commits per animation frame (a commit counter on React's devtools hook, production build);
 *   - main-thread busy time per delta (CDP Performance TaskDuration) of the portal, and of a plain
 *     baseline page that speaks the socket.io wire protocol over a raw WebSocket and appends each
 *     delta to a DOM text node;
 *   - the gateway's delivered deltas per second.
 * Last line: `ratio: N.NN (ours / baseline)` = busy time per delta, portal / baseline.
 * Uses PORTAL_DIST (default dist/) or builds the portal into a temporary folder.
 */
import { chromium, type Page } from 'playwright-core';
import { createServer } from '../server/app';
import { chatGatewayOf, type BenchResult } from '../server/chat/gateway';
import { contextOf } from '../server/context';
import { browserLaunchOptions } from '../tests/support/browser';
import { portalDist } from './pageSides';

const CHATS = 16;
const RATE = 100;
const SECONDS = 10;

/** A commit counter on React's devtools hook (called for every commit, also in production) and a per-frame tally. */
const INIT_SCRIPT = `
  window.__commits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; }, onCommitFiberRoot() { window.__commits++; }, onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, setStrictMode() {}, checkDCE() {},
  };
  window.__startFrames = () => {
    const tally = { frames: [], running: true, last: window.__commits, startedAt: performance.now() };
    const tick = (now) => {
      tally.frames.push([now - tally.startedAt, window.__commits - tally.last]);
      tally.last = window.__commits;
      if (tally.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    window.__frames = tally;
  };
  window.__stopFrames = () => { window.__frames.running = false; return window.__frames.frames; };
`;

/** The baseline: socket.io's wire protocol by hand over a raw WebSocket, each delta appended to a DOM text node. */
const BASELINE_SCRIPT = `(async ({ url, token, chats }) => {
  const texts = new Map();
  window.__baselineTexts = texts;
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/socket.io/?EIO=4&transport=websocket');
  const keys = [];
  await new Promise((resolve, reject) => {
    ws.onerror = reject;
    ws.onmessage = ({ data }) => {
      if (data === '2') return ws.send('3');
      if (data[0] === '0') return ws.send('40' + JSON.stringify({ token }));
      if (data.startsWith('40')) { for (let i = 0; i < chats; i++) ws.send('42' + JSON.stringify(['chat-new-request', {}])); return; }
      if (!data.startsWith('42')) return;
      const [name, payload] = JSON.parse(data.slice(2));
      if (name !== 'stream-message') return;
      const { streamKey, event } = payload;
      if (!texts.has(streamKey)) {
        const p = document.createElement('p');
        const node = document.createTextNode('');
        p.appendChild(node);
        document.body.appendChild(p);
        texts.set(streamKey, node);
        keys.push(streamKey);
        if (keys.length === chats) resolve();
      }
      if (event.type === 'typing-delta') texts.get(streamKey).appendData(event.delta);
    };
  });
  window.__baselineText = (key) => texts.get(key).data;
  return keys.length;
})`;

async function busySeconds(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  const start = await read();
  return async () => (await read()) - start;
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function main() {
  const dist = portalDist('chat');
  const server = await createServer({ dbFile: ':memory:', distDir: dist.dir });
  const port = await server.listen(0);
  const url = `http://127.0.0.1:${port}`;
  const gateway = chatGatewayOf(contextOf({ app: server.app }))!;
  const browser = await chromium.launch(browserLaunchOptions());
  let failed = false;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(INIT_SCRIPT);

    // --- ours: the portal's chat console
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Chat', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Chat gateway:' }).getByText('Connected', { exact: true }).waitFor();
    const list = page.getByRole('listbox', { name: 'Open chats' });
    for (let i = 1; i <= CHATS; i++) {
      await page.getByRole('button', { name: 'New chat' }).click();
      await list.getByRole('option').nth(i - 1).waitFor();
    }
    const ours = gateway.connectedClients().find((c) => c.streamKeys.length === CHATS);
    if (!ours) throw new Error('the portal did not open its chats');
    await page.waitForTimeout(500);
    const oursBusy = await busySeconds(page);
    await page.evaluate('window.__startFrames()');
    const oursResult: BenchResult = await gateway.benchStream(ours.clientId, { deltasPerSecond: RATE, seconds: SECONDS });
    await page.waitForFunction(() => !document.querySelector('.chat-message-streaming'), undefined, { timeout: 10000 });
    await page.waitForTimeout(300);
    const frames = (await page.evaluate('window.__stopFrames()')) as [number, number][];
    const oursBusySeconds = await oursBusy();

    let missing = 0;
    for (const [key, text] of oursResult.expected) {
      await page.locator(`.chat-list-item[data-chat-key="${key}"]`).click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const shown = await page.locator('.chat-log .chat-message-bot .chat-message-text').last().textContent();
      if (shown !== text) missing += 1;
    }
    const elapsed = oursResult.elapsedMs;
    const steady = frames.filter(([t]) => t > 500 && t < elapsed - 500);
    const maxSteady = Math.max(0, ...steady.map(([, n]) => n));
    const maxAll = Math.max(0, ...frames.map(([, n]) => n));
    const totalCommits = frames.reduce((sum, [, n]) => sum + n, 0);
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'chat_session')?.value ?? '';
    await page.close();

    // --- baseline: raw WebSocket + DOM append, same gateway, same load
    const base = await context.newPage();
    await base.goto(`${url}/config.json`);
    await base.evaluate(`${BASELINE_SCRIPT}(${JSON.stringify({ url, token: decodeURIComponent(token), chats: CHATS })})`);
    const baseClient = gateway.connectedClients().find((c) => c.streamKeys.length === CHATS);
    if (!baseClient) throw new Error('the baseline did not open its chats');
    await base.waitForTimeout(500);
    const baseBusy = await busySeconds(base);
    const baseResult = await gateway.benchStream(baseClient.clientId, { deltasPerSecond: RATE, seconds: SECONDS });
    await base.waitForTimeout(300);
    const baseBusySeconds = await baseBusy();
    let baseMissing = 0;
    for (const [key, text] of baseResult.expected) {
      if ((await base.evaluate((k) => (window as unknown as { __baselineText(k: string): string }).__baselineText(k), key)) !== text) baseMissing += 1;
    }

    const oursPerDelta = (oursBusySeconds * 1000) / oursResult.delivered;
    const basePerDelta = (baseBusySeconds * 1000) / baseResult.delivered;
    const ratio = oursPerDelta / basePerDelta;
    console.log(`chats: ${CHATS}, rate: ${RATE} deltas/s each, duration: ${SECONDS} s`);
    console.log(`gateway delivered: ${oursResult.delivered} deltas in ${fmt(elapsed / 1000)} s = ${fmt(oursResult.delivered / (elapsed / 1000), 0)} deltas/s (baseline run: ${fmt(baseResult.delivered / (baseResult.elapsedMs / 1000), 0)} deltas/s)`);
    console.log(`every character arrived: portal ${missing === 0 ? 'yes' : `NO (${missing} chats differ)`}, baseline ${baseMissing === 0 ? 'yes' : `NO (${baseMissing} chats differ)`}`);
    console.log(`React commits: ${totalCommits} over ${frames.length} frames; max per frame ${maxSteady} in steady state (${maxAll} overall, incl. the ${CHATS} typing badges at start and end)`);
    console.log(`main-thread busy per delta: portal ${fmt(oursPerDelta, 4)} ms, baseline ${fmt(basePerDelta, 4)} ms (busy ${fmt(oursBusySeconds)} s vs ${fmt(baseBusySeconds)} s)`);
    failed = missing > 0 || baseMissing > 0 || maxSteady > 1;
    if (failed) console.log('FAILED: see the lines above');
    console.log(`ratio: ${fmt(ratio)} (ours / baseline)`);
  } finally {
    await browser.close();
    await server.close();
    dist.cleanup();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
