import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { streamCompletion, streamableLlm } from '../../server/chat/llmStream';
import { DEMO_PERSONA, type Persona } from '../../server/chat/persona';
import { mswServer } from '../support/setupMsw';

// A real OpenAI-compatible endpoint stand-in on loopback: no msw.
beforeAll(() => mswServer.close());

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function fakeModel(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

// The fake model listens on loopback over http: allowed only because the policy lists it (LLM_LOCAL_HOSTS).
const LOCAL_MODEL = { localHosts: new Set(['127.0.0.1']), serverKey: null };

const persona = (baseUrl: string): Persona & { llm: { baseUrl: string } } => ({
  ...DEMO_PERSONA,
  llm: { provider: 'openai-compatible', model: 'tiny', baseUrl, temperature: 0.2, maxTokens: 50 },
});

describe('OpenAI-compatible streaming for the gateway', () => {
  test('streams the content deltas of server-sent events, with the instructions as the system turn', async () => {
    let body: { model?: string; stream?: boolean; messages?: unknown[] } = {};
    const url = await fakeModel((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        body = JSON.parse(raw);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of ['Hel', 'lo ', 'there']) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        res.end('data: [DONE]\n\n');
      });
    });
    const deltas: string[] = [];
    await streamCompletion(persona(url), [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], (d) => deltas.push(d), new AbortController().signal, LOCAL_MODEL);
    expect(deltas).toEqual(['Hel', 'lo ', 'there']);
    expect(body).toMatchObject({ model: 'tiny', stream: true, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
  });

  test('an HTTP error rejects (the gateway then falls back to the demo text)', async () => {
    const url = await fakeModel((_req, res) => res.writeHead(502).end());
    await expect(streamCompletion(persona(url), [], () => {}, new AbortController().signal, LOCAL_MODEL)).rejects.toThrow('The model answered HTTP 502.');
  });

  test('only openai-compatible LLMs with a base URL are streamed', () => {
    expect(streamableLlm(persona('http://x'))).toBe(true);
    expect(streamableLlm({ ...DEMO_PERSONA, llm: { provider: 'openai', model: 'm', baseUrl: 'http://x', temperature: null, maxTokens: null } })).toBe(false);
    expect(streamableLlm(DEMO_PERSONA)).toBe(false);
  });
});
