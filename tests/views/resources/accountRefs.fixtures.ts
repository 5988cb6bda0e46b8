import { http, HttpResponse } from 'msw';
import { API } from '../../support/apiFixtures';
import { listBody } from '../../support/resourceFixtures';

type Row = Record<string, unknown> & { id: number };

export const ACCOUNTS = [
  { id: 1, name: 'Acme Support' },
  { id: 2, name: 'Globex Sales' },
];

export const LLMS: Row[] = [
  { id: 1, account_id: 1, name: 'GPT-4o', provider: 'openai', model: 'gpt-4o' },
  { id: 2, account_id: 1, name: 'Claude', provider: 'anthropic', model: 'claude' },
  { id: 7, account_id: 2, name: 'GPT-4o', provider: 'openai', model: 'gpt-4o' },
  { id: 8, account_id: null, name: 'Shared Llama', provider: 'openai', model: 'llama' },
];

/**
 * A section served like the reference API: `filter[id]=1,2` (any of), `account_id` (that account
 * and the global records), pages of `show`; POSTs recorded in `posted`.
 */
export function sectionHandlers(section: string, rows: Row[], posted: Array<Record<string, unknown>> = []) {
  const base = `${API}/api/v1/${section}`;
  return [
    http.get(`${base}/`, ({ request }) => {
      const url = new URL(request.url);
      const ids = url.searchParams.get('filter[id]')?.split(',');
      const account = url.searchParams.get('account_id');
      const show = Number(url.searchParams.get('show') ?? 15);
      // A backend with shared records: an account's list also holds the global ones (no account).
      // An account row's own account is itself (the reference API scopes accounts by id).
      const owner = (r: Row) => (section === 'accounts' ? r.id : r.account_id);
      const data = rows.filter((r) => (!ids || ids.includes(String(r.id))) && (!account || owner(r) === null || String(owner(r)) === account));
      return HttpResponse.json(listBody(data.slice(0, show), { path: `${base}/`, perPage: show }));
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const row = rows.find((r) => String(r.id) === params.id);
      return row ? HttpResponse.json({ data: row }) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    }),
    http.patch(`${base}/:id`, async ({ params, request }) => {
      const row = rows.find((r) => String(r.id) === params.id);
      if (!row) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      Object.assign(row, (await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: row });
    }),
    http.post(`${base}/`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const row = { id: 100 + posted.length, account_id: 1, ...body } as Row;
      rows.push(row);
      return HttpResponse.json({ data: row }, { status: 201 });
    }),
  ];
}

export const accountHandlers = () => sectionHandlers('accounts', ACCOUNTS.map((a) => ({ ...a })));
