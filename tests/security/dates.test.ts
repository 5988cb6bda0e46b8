import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jarFetch } from '../support/cookieJar';
import { json, startChildServer, type ChildServer } from './support';

// The server runs in a child process: on the unfixed code these requests never return, and an
// in-process server would freeze the test runner with it.
let server: ChildServer;
let viewer: ReturnType<typeof jarFetch>;
beforeAll(async () => {
  server = await startChildServer();
  viewer = jarFetch(server.url);
  await viewer('/sanctum/csrf-cookie');
  expect((await viewer('/login', { method: 'POST', json: { email: 'viewer@example.com', password: 'password' } })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** A GET that gives up after 5 s, so a server stuck in a loop fails the test instead of hanging it. */
async function get(path: string) {
  const response = await fetch(new URL(path, server.url), {
    headers: { Accept: 'application/json', Cookie: viewer.jar.header() },
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, body: await json(response) };
}

describe('finding 2: statistics dates are real dates in 2000-01-01..2100-12-31', () => {
  test.each([
    ['/api/v1/reporting/global/timeseries?to=9999-12-31', 'to'],
    ['/api/v1/reporting/global/timeseries?from=0000-01-01&to=0000-01-20', 'from'],
    ['/api/v1/reporting/global?from=1999-12-31', 'from'],
    ['/api/v1/reporting/roles?from=0000-01-01&to=9999-12-31', 'from'],
    ['/api/v1/reporting/roles/1?from=2024-01-01&to=9999-12-31', 'to'],
    ['/api/v1/reporting/instances?to=2101-01-01', 'to'],
    ['/api/v1/reporting/global/timeseries?from=2024-02-30&to=2024-03-10', 'from'],
    ['/api/v1/reporting/conversations?from=2023-13-01', 'from'],
  ])('%s → 422 on %s', async (path, field) => {
    const { status, body } = await get(path);
    expect(status).toBe(422);
    expect(body.errors[field][0]).toBe(`The ${field} field must be a real date (YYYY-MM-DD) from 2000-01-01 to 2100-12-31.`);
  });

  test('a series is capped at 366 days', async () => {
    const { status, body } = await get('/api/v1/reporting/global/timeseries?from=2000-01-01&to=2100-12-31');
    expect(status).toBe(422);
    expect(body.errors.from[0]).toBe('The time series covers at most 366 days.');
  });

  test('the bounds themselves are accepted, and the server still answers afterwards', async () => {
    const first = await get('/api/v1/reporting/global/timeseries?from=2000-01-01&to=2000-01-31');
    expect(first.status).toBe(200);
    expect(first.body.data.points).toHaveLength(31);
    const last = await get('/api/v1/reporting/global/timeseries?from=2100-12-01&to=2100-12-31');
    expect(last.status).toBe(200);
    expect(last.body.data.points.at(-1).date).toBe('2100-12-31');
    expect((await fetch(new URL('/config.json', server.url), { signal: AbortSignal.timeout(2000) })).status).toBe(200);
    expect(server.alive()).toBe(true);
  });
});
