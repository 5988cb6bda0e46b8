import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { botFile, MAX_IMPORT } from './importFixtures';
import { json, signedIn } from './support';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedIn>>;
let botsManager: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, 'admin@example.com');
  botsManager = await signedIn(server.url, 'bots@example.com');
});
afterAll(async () => {
  await server.close();
});

const importBot = (client: typeof admin, file: unknown) => client('/api/v1/bots', { method: 'POST', json: { import: file } });
const count = (table: string) => (server.server.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('finding 6: import and export respect the other models’ permissions', () => {
  test('a Bots-only user cannot create LLMs, instructions or tools through an import', async () => {
    const before = { llms: count('llms'), instructions: count('agent_instructions'), tools: count('tools'), bots: count('bots') };
    const response = await importBot(botsManager, botFile({ agents: 1, toolsPerAgent: 1, instructionChars: 20, tag: 'sneaky' }));
    expect(response.status).toBe(403);
    expect((await json(response)).message).toBe('You may not add LLMs, agent instructions or tools, which this file contains.');
    expect({ llms: count('llms'), instructions: count('agent_instructions'), tools: count('tools'), bots: count('bots') }).toEqual(before);
  });

  test('a Bots-only user’s export holds no LLM, instructions or tools (they may not read them)', async () => {
    const own = (await json(await botsManager('/api/v1/bots'))).data as { id: number }[];
    let agentsSeen = 0;
    for (const bot of own.slice(0, 5)) {
      const file = await json(await botsManager(`/api/v1/bots/${bot.id}/export`));
      for (const agent of file.agents as { llm: unknown; instructions: unknown; tools: unknown[] }[]) {
        agentsSeen += 1;
        expect(agent.llm).toBeNull();
        expect(agent.instructions).toBeNull();
        expect(agent.tools).toEqual([]);
      }
    }
    expect(agentsSeen).toBeGreaterThan(0);
  });
});

describe('finding 5: import caps and a responsive server', () => {
  test('a file over 2 MB is refused with 413 and a message', async () => {
    const small = botFile({ agents: 1, toolsPerAgent: 0, instructionChars: 10, tag: 'huge' });
    const response = await importBot(admin, { ...small, bot: { ...small.bot, description: 'x'.repeat(2_200_000) } });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe('The import file may be at most 2 MB.');
  });

  test('a multipart upload over 2 MB is refused with 413; a malformed one with 400', async () => {
    const form = new FormData();
    form.set('file', new Blob(['x'.repeat(2_200_000)], { type: 'application/json' }), 'big.json');
    const headers = { Cookie: admin.jar.header(), 'X-XSRF-TOKEN': admin.jar.decoded('XSRF-TOKEN')!, Accept: 'application/json' };
    const big = await fetch(`${server.url}/api/v1/bots`, { method: 'POST', headers, body: form });
    expect(big.status).toBe(413);
    expect((await json(big)).message).toBe('The import file may be at most 2 MB.');
    const malformed = await fetch(`${server.url}/api/v1/bots`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"unterminated',
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  test('more than 500 tools in one file is refused with 422', async () => {
    const response = await importBot(admin, botFile({ agents: 51, toolsPerAgent: 10, instructionChars: 10, tag: 'many' }));
    expect(response.status).toBe(422);
    expect((await json(response)).errors.file[0]).toBe('The file is not a valid bot export: an import may hold at most 500 tools.');
  });

  // Wall-clock timing on a shared machine: other processes can stall this one, so the bound is
  // generous (the unfixed import blocked 700–1,200 ms) and one retry absorbs a descheduled run.
  test('maximum-size imports never block the event loop for 400 ms (bench:api: goal 100 ms), and a GET stays fast', { retry: 1 }, async () => {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    let slowestGet = 0;
    for (const tag of ['first', 'second', 'third']) {
      const file = botFile({ ...MAX_IMPORT, tag });
      const started = performance.now();
      const [imported, plain] = await Promise.all([
        importBot(admin, file),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          const t0 = performance.now();
          await admin('/api/v1/users/auth');
          return performance.now() - t0;
        })(),
      ]);
      expect(imported.status, tag).toBe(201);
      slowestGet = Math.max(slowestGet, plain);
      expect(performance.now() - started, tag).toBeLessThan(5000);
    }
    histogram.disable();
    expect(histogram.max / 1e6).toBeLessThan(400);
    expect(slowestGet).toBeLessThan(500);
    // Re-importing identical records reuses them (indexed de-dup): a fourth copy adds no tools.
    const tools = count('tools');
    expect((await importBot(admin, botFile({ ...MAX_IMPORT, tag: 'third' }))).status).toBe(201);
    expect(count('tools')).toBe(tools);
  });
});
