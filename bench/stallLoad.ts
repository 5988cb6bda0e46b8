/**
 * The heavy clients of bench:scale's stall figures (bench/stalls.ts), run in a child process of
 * their own: reading 100 WAV bodies or 40 CSV streams costs the reader CPU, and in the probe's
 * event loop that time was counted as the server's stall (a probe answer that arrived waited
 * behind the load's chunks). Here the probe's loop only ever waits for its own answers.
 *
 * Started with fork(): receives one `LoadOrder`, answers `{type: 'started'}` once the load is
 * under way and `{type: 'done', result}` when it ended (all answered, or `seconds` passed).
 */
import { performance } from 'node:perf_hooks';
import { SERVER_DRAWN_ATTRIBUTE } from '../src/firstScreenHints';

export type LoadOrder =
  | { kind: 'search'; origin: string; cookie: string; searches: string[]; seconds: number }
  | { kind: 'audio'; origin: string; cookie: string; urls: string[]; parallel: number }
  | { kind: 'exports'; origin: string; cookies: string[]; perUser: number; seconds: number }
  /** Signed-in pages requested back to back by `parallel` loops (bench/drawing.ts); `drawn` counts those its server drew. */
  | { kind: 'pages'; origin: string; cookie: string; paths: string[]; parallel: number; seconds: number };

export interface LoadResult {
  /** Answers by HTTP status (`0`: no answer). */
  statuses: Record<number, number>;
  bytes: number;
  elapsedMs: number;
  /** Pages that arrived with a server drawing (`pages` only). */
  drawn?: number;
}

const get = (order: { origin: string }, path: string, cookie: string, accept = 'application/json', signal?: AbortSignal) =>
  fetch(new URL(path, order.origin), { headers: { Cookie: cookie, Accept: accept }, signal });

async function run(order: LoadOrder, started: () => void): Promise<LoadResult> {
  const statuses: Record<number, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  let bytes = 0;
  const begin = performance.now();
  if (order.kind === 'search') {
    const until = begin + order.seconds * 1000;
    started();
    for (let i = 0; performance.now() < until; i += 1) {
      const response = await get(order, `/api/v1/reporting/conversations?search=${encodeURIComponent(order.searches[i % order.searches.length]!)}`, order.cookie);
      const body = await response.arrayBuffer();
      bytes += body.byteLength;
      count(response.status);
    }
  } else if (order.kind === 'pages') {
    const until = begin + order.seconds * 1000;
    let drawn = 0;
    const loops = Array.from({ length: order.parallel }, async (_, loop) => {
      for (let i = loop; performance.now() < until; i += 1) {
        try {
          const response = await get(order, order.paths[i % order.paths.length]!, order.cookie, 'text/html');
          const page = await response.text();
          bytes += page.length;
          if (page.includes(`${SERVER_DRAWN_ATTRIBUTE}=`)) drawn += 1;
          count(response.status);
        } catch {
          count(0);
        }
      }
    });
    started();
    await Promise.all(loops);
    return { statuses, bytes, elapsedMs: performance.now() - begin, drawn };
  } else if (order.kind === 'audio') {
    const requests = Array.from({ length: order.parallel }, async (_, i) => {
      try {
        const response = await get(order, order.urls[i % order.urls.length]!, order.cookie, 'audio/wav');
        // Not `bytes += await …`: that reads `bytes` before the wait and loses the others' sums.
        const body = await response.arrayBuffer();
        bytes += body.byteLength;
        count(response.status);
      } catch {
        count(0);
      }
    });
    started();
    await Promise.all(requests);
  } else {
    const controller = new AbortController();
    const streams = order.cookies.flatMap((cookie) =>
      Array.from({ length: order.perUser }, async () => {
        try {
          const response = await get(order, '/api/v1/reporting/conversations?export=csv', cookie, 'text/csv', controller.signal);
          count(response.status);
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
        } catch {
          // Cancelled at the end of the window.
        }
      }),
    );
    started();
    await new Promise((resolve) => setTimeout(resolve, order.seconds * 1000));
    controller.abort();
    await Promise.all(streams);
  }
  return { statuses, bytes, elapsedMs: performance.now() - begin };
}

process.once('message', (order: LoadOrder) => {
  run(order, () => process.send!({ type: 'started' }))
    .then((result) => process.send!({ type: 'done', result }, () => process.exit(0)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});
