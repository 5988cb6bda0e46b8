import { http, HttpResponse, delay } from 'msw';
import { API } from './apiFixtures';

/** A Laravel list envelope of `rows`, page `page` of `lastPage`, with absolute links. */
export function listBody<T>(rows: T[], options: { page?: number; lastPage?: number; path?: string; perPage?: number } = {}) {
  const page = options.page ?? 1;
  const lastPage = options.lastPage ?? 1;
  const path = options.path ?? `${API}/api/v1/records/`;
  const link = (p: number) => `${path}?page=${p}`;
  return {
    data: rows,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: { current_page: page, from: rows.length ? 1 : null, last_page: lastPage, per_page: options.perPage ?? 15, to: rows.length || null, total: rows.length * lastPage, path, links: [] },
  };
}

export const bot = (id: number, name = `Bot ${id}`) => ({ id, account_id: 1, name, description: null, greeting: 'Hi', instance_id: null, agents: [], created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });

/** A tiny in-memory CRUD store for one section, served by msw: enough for generic list/form/detail tests. */
export function crudHandlers(section: string, rows: Array<Record<string, unknown>>, options: { delayMs?: number; bare?: boolean } = {}) {
  const base = `${API}/api/v1/${section}`;
  const wrap = (record: Record<string, unknown> | undefined) => (options.bare ? record : { data: record }) as Record<string, unknown>;
  return [
    http.get(`${base}/`, async ({ request }) => {
      if (options.delayMs) await delay(options.delayMs);
      const url = new URL(request.url);
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const show = Number(url.searchParams.get('show') ?? 15);
      const filtered = rows.filter((r) => !search || String(r.name ?? r.label ?? '').toLowerCase().includes(search));
      const lastPage = Math.max(1, Math.ceil(filtered.length / show));
      return HttpResponse.json(listBody(filtered.slice((page - 1) * show, page * show), { page, lastPage, path: `${base}/`, perPage: show }));
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const row = rows.find((r) => String(r.id) === params.id);
      return row ? HttpResponse.json(wrap(row)) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    }),
    http.post(`${base}/`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const row = { id: rows.length + 100, account_id: 1, ...body };
      rows.push(row);
      return HttpResponse.json({ data: row }, { status: 201 });
    }),
    http.patch(`${base}/:id`, async ({ params, request }) => {
      const index = rows.findIndex((r) => String(r.id) === params.id);
      if (index < 0) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      rows[index] = { ...rows[index], ...((await request.json()) as Record<string, unknown>) };
      return HttpResponse.json(wrap(rows[index]));
    }),
    http.delete(`${base}/:id`, ({ params }) => {
      const index = rows.findIndex((r) => String(r.id) === params.id);
      if (index >= 0) rows.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** The account filter's accounts (GET /api/v1/accounts/), which a global user's restored session loads right after the page's first call. */
export const accountFilterAccounts = (accounts: Array<{ id: number; name: string }> = []) => http.get(`${API}/api/v1/accounts/`, () => HttpResponse.json(listBody(accounts)));

/** A tool row as GET /api/v1/tools/ lists it. */
export const toolRow = (id: number, name = `Tool ${id}`, kind = 'function') => ({ id, account_id: 1, name, kind, description: `${name} tool`, parameters: {}, updated_at: '2020-03-04T10:00:00Z' });

const SETTINGS_BASE = { theme_color: null, timezone: 'UTC', notifications: { product_updates: true, weekly_summary: false }, appearance: 'system' };

/** User settings holding `listViews` (saved views, columns); each POST is pushed to `posted` and answered merged. */
export function listViewSettingsHandlers(listViews: unknown, posted: unknown[]) {
  return [
    http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: { ...SETTINGS_BASE, list_views: listViews } })),
    http.post(`${API}/api/v1/user/settings`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json({ data: { ...SETTINGS_BASE, ...body } });
    }),
  ];
}
