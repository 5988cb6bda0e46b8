import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request } from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inProcessGet } from '../../server/http/inProcessGet';

// server/http/inProcessGet.ts: a page's first answers are GETs through the server's own Express
// app, made without a connection. Checked against a real Express app (which replaces the request's
// and the response's prototypes), from inside a real page request, as firstAnswers.ts calls it.
describe('a GET through the app, in-process', () => {
  const app = express();
  const seen: { ip?: string; protocol?: string; cookie?: string; logged: string[] } = { logged: [] };
  app.use((req, res, next) => {
    res.on('finish', () => seen.logged.push(`${req.url} ${res.statusCode}`));
    next();
  });
  app.get('/json', (req, res) => {
    Object.assign(seen, { ip: req.ip, protocol: req.protocol, cookie: req.get('cookie') });
    res.set('x-answered', 'yes').json({ name: 'Olivia', items: [1, 2, 3] });
  });
  app.get('/streamed', (_req, res) => {
    res.type('json');
    res.write('{"part":');
    res.end(Buffer.from('"two"}'));
  });
  app.get('/large', (_req, res) => void res.json({ text: 'x'.repeat(2_000) }));
  app.get('/missing', (_req, res) => void res.status(404).json({ message: 'Not found' }));
  app.get('/html', (_req, res) => void res.type('html').send('<p>page</p>'));
  app.get('/broken', (_req, res) => void res.type('json').send('{"not json'));
  app.get('/throws', () => {
    throw new Error('the handler failed');
  });
  app.get('/slow', (_req, res) => void setTimeout(() => res.json({ late: true }), 200));

  // The page request firstAnswers.ts has in hand: a real request on a real socket, answered with
  // what inProcessGet gave for the path in its query.
  app.get('/page', async (req: Request, res) => {
    const wait = Number(req.query.abortAfter ?? 1_000);
    const answer = await inProcessGet(req.app, req, String(req.query.path), { host: req.headers.host, cookie: 'session=abc', accept: 'application/json' }, AbortSignal.timeout(wait), 1_024);
    res.json({ answer });
  });

  const server = http.createServer(app);
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answerFor = async (path: string, query = '') => {
    const response = await fetch(`${origin}/page?path=${encodeURIComponent(path)}${query}`);
    return ((await response.json()) as { answer: unknown }).answer;
  };

  test('a 200 JSON answer: its body, through every middleware, as the page request’s client', async () => {
    expect(await answerFor('/json')).toEqual({ url: '/json', body: { name: 'Olivia', items: [1, 2, 3] } });
    // The page request's address and protocol, and only the headers it was given.
    expect(seen).toMatchObject({ ip: '127.0.0.1', protocol: 'http', cookie: 'session=abc' });
    // A listener on the response's end hears it, as it would a sent one.
    expect(seen.logged).toContain('/json 200');
  });

  test('an answer written in parts is kept whole', async () => {
    expect(await answerFor('/streamed')).toEqual({ url: '/streamed', body: { part: 'two' } });
  });

  test('anything but a 200 JSON answer within the bound is left out', async () => {
    for (const path of ['/missing', '/html', '/broken', '/throws', '/large', '/nowhere']) expect(await answerFor(path), path).toBeNull();
  });

  test('an answer not in before the signal is left out', async () => {
    expect(await answerFor('/slow', '&abortAfter=20')).toBeNull();
    expect(await answerFor('/slow', '&abortAfter=2000')).toEqual({ url: '/slow', body: { late: true } });
  });
});
