import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, permissionsFor } from '../../support/apiFixtures';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { listBody } from '../../support/resourceFixtures';

const client = (id: number, name: string, accountId = 1) => ({ id, account_id: accountId, name, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });

/** GET /v1/clients/ as Laravel pages it: links carry only ?page=N. */
const clientsHandler = http.get(`${API}/api/v1/clients/`, ({ request }) => {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const rows = page === 1 ? [client(1, 'Acme Web'), client(2, 'Acme Mobile', 2)] : [client(3, 'Acme Kiosk')];
  return HttpResponse.json(listBody(rows, { page, lastPage: 2, path: `${API}/api/v1/clients/` }));
});

describe('clients (SPEC §3 "Client: read-only list", GET /v1/clients/)', () => {
  test('a read-only list in the menu: names, accounts, no record pages and no add/edit/delete', async () => {
    await renderPortal('/clients', { handlers: [clientsHandler] });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(await within(table).findByRole('rowheader', { name: 'Acme Web' })).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /Acme Mobile Globex Sales/ })).toBeInTheDocument();
    // No record pages: nothing in the table leads to a client (an Account name may lead to its account).
    expect(within(table).queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/clients'))).toEqual([]);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('link', { name: /New client/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(menu).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
  });

  test('search, then the next page follows the server’s link and keeps the search', async () => {
    const seen = recordRequests();
    const { here } = await renderPortal('/clients', { handlers: [clientsHandler] });
    const user = userEvent.setup();
    await screen.findByRole('rowheader', { name: 'Acme Web' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Acme');
    await waitFor(() => expect(here()).toBe('/clients?search=Acme'));
    await waitFor(() => expect(seen.filter((r) => r.startsWith('GET /api/v1/clients/')).at(-1)).toMatch(/search=Acme/));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'Acme Kiosk' })).toBeInTheDocument();
    const next = seen.filter((r) => r.startsWith('GET /api/v1/clients/')).at(-1);
    expect(next).toMatch(/page=2/);
    expect(next).toMatch(/search=Acme/);
    expect(here()).toBe('/clients?search=Acme&page=2');
  });

  test('without Accounts browse: Forbidden, no Clients in the menu, and the list is never requested', async () => {
    const seen = recordRequests();
    await renderPortal('/clients', { handlers: [clientsHandler], permissions: permissionsFor(['Bots', 'Roles'], 1) });
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).queryByRole('link', { name: 'Clients' })).toBeNull();
    expect(seen.filter((r) => r.startsWith('GET /api/v1/clients'))).toEqual([]);
  });
});
