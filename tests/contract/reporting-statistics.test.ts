import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { globalTotalsSchema } from '../../src/api/reporting';
import { readRecord } from '../../src/api/envelope';
import { startTestServer, type TestServer } from '../../server/testing';
import { reportingClient } from './reporting-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const RANGE = { from: '2026-10-21', to: '2026-11-20' };

describe('statistics (real HTTP, portal schemas)', () => {
  test('global totals agree with the conversations list; the dashboard shape is kept', async () => {
    const { api, raw } = await reportingClient(server.url, 'admin@example.com');
    const global = await api.global();
    expect(global.conversations).toBe((await api.conversations()).meta.total);
    const grades = global.grades!;
    expect(grades.A + grades.B + grades.C + grades.D + grades.F).toBe(global.conversations);
    expect(typeof global.active).toBe('number');
    // The dashboard's own call still parses.
    const totals = readRecord(globalTotalsSchema, await (await raw('/api/v1/reporting/global')).json());
    expect(totals).toMatchObject({ conversations: global.conversations, minutes: expect.any(Number), cost: expect.any(Number) });
  });

  test('disposition counts say whose disposition each is (every account has its own "No answer")', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const dispositions = ((await api.global()).dispositions ?? []).filter((d) => d.id !== null) as Array<{ id: unknown; label: unknown; account_id?: unknown }>;
    expect(dispositions.length).toBeGreaterThan(0);
    for (const d of dispositions) expect(d.account_id).toEqual(expect.any(Number));
    expect(new Set(dispositions.map((d) => d.account_id)).size).toBeGreaterThan(1);
  });

  test('time series: one point per day of the range, summing to the range total', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const series = await api.timeseries(RANGE);
    expect(series).toMatchObject({ interval: 'day', ...RANGE });
    expect(series.points).toHaveLength(31);
    expect(series.points[0]!.date).toBe(RANGE.from);
    const sum = series.points.reduce((n, p) => n + p.conversations, 0);
    expect(sum).toBe((await api.conversations(RANGE)).meta.total);
    await expect(api.timeseries({ from: '2020-01-01', to: '2026-01-01' })).rejects.toMatchObject({ status: 422 });
  });

  test('role statistics: list envelope, per-role breakdown adds up, rankings ordered by grade', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const roles = await api.entities('roles', { sort: '-conversations', show: 100 });
    expect(roles.data.length).toBeGreaterThan(0);
    const total = roles.data.reduce((n, r) => n + r.conversations, 0);
    expect(total).toBe((await api.global()).conversations);
    const top = roles.data[0]!;
    const breakdown = await api.breakdown('roles', top.id);
    expect(breakdown.role?.name).toBe(top.name);
    expect(breakdown.totals.conversations).toBe(top.conversations);
    expect(breakdown.channels.reduce((n, c) => n + c.conversations, 0)).toBe(top.conversations);
    const rankings = await api.rankings();
    expect(rankings.map((r) => r.rank)).toEqual(rankings.map((_, i) => i + 1));
    const scores = rankings.map((r) => r.grade_score ?? 0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const shares = (await api.globalRoles()).reduce((n, r) => n + (r.share ?? 0), 0);
    expect(shares).toBeCloseTo(1, 2);
  });

  test('instance statistics parse (empty until instances exist) and an unknown instance is 404', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const instances = await api.entities('instances');
    expect(instances.meta.total).toBe(instances.data.length > 0 ? instances.meta.total : 0);
    await expect(api.breakdown('instances', '999999')).rejects.toMatchObject({ status: 404 });
  });

  test('the viewer’s statistics cover only their account; another account’s role is 404', async () => {
    const viewer = await reportingClient(server.url, 'viewer@example.com');
    expect((await viewer.api.global()).conversations).toBe(60);
    const roles = await viewer.api.entities('roles');
    expect(roles.data.every((r) => r.account_id === '2' || r.account_id === null)).toBe(true);
    await expect(viewer.api.breakdown('roles', '1')).rejects.toMatchObject({ status: 404, serverMessage: 'Role not found.' });
  });

  test.each([
    ['roles', /^roles-statistics-\d{4}-\d{2}-\d{2}\.csv$/],
    ['global', /^global-statistics-/],
    ['timeseries', /^global-timeseries-/],
    ['globalRoles', /^global-roles-/],
    ['rankings', /^role-rankings-/],
  ] as const)('statistics export %s downloads a CSV named by the server', async (kind, name) => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const file = await api.exportStatistics(kind, RANGE);
    expect(file.filename).toMatch(name);
    const text = await file.blob.text();
    expect(text.split('\r\n').length).toBeGreaterThan(2);
  });

  test('a role breakdown export is that role’s time series', async () => {
    const { api } = await reportingClient(server.url, 'admin@example.com');
    const file = await api.exportStatistics('roleBreakdown', { ...RANGE, id: '1' });
    expect(file.filename).toMatch(/^role-1-breakdown-/);
    expect((await file.blob.text()).split('\r\n')).toHaveLength(31 + 2);
  });
});
