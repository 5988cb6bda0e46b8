import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers, listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

const tool = (id: number, name: string, kind = 'function') => ({ id, account_id: 1, name, kind, description: `${name} tool`, parameters: {}, updated_at: '2020-03-04T10:00:00Z' });
const manyTools = () => Array.from({ length: 40 }, (_, i) => tool(i + 1, `Tool ${String(i + 1).padStart(2, '0')}`, i % 2 ? 'http' : 'function'));

describe('list state: page, page size, sort, empty and failed lists', () => {
  test('changing the account filter returns the list to page 1', { timeout: 15000 }, async () => {
    const { here } = await renderPortal('/tools?page=2', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByText('Page 2 of 3');
    await userEvent.setup().selectOptions(await screen.findByRole('combobox', { name: 'Account' }), '2');
    await waitFor(() => expect(here()).toBe('/tools'));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  test('rows per page (10, 25, 50, 100) goes into the URL as show, back to page 1, and into the request', { timeout: 15000 }, async () => {
    const requests = recordRequests();
    const { here } = await renderPortal('/tools?page=2', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByText('Page 2 of 3');
    const rowsPerPage = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(rowsPerPage).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '15', '25', '50', '100']);
    await userEvent.setup().selectOptions(rowsPerPage, '25');
    await waitFor(() => expect(here()).toBe('/tools?show=25'));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('GET /api/v1/tools/')).at(-1)).toContain('show=25');
    mswServer.events.removeAllListeners();
  });

  test('every sortable header shows that it sorts before it is clicked', async () => {
    await renderPortal('/tools', { handlers: crudHandlers('tools', manyTools()) });
    const table = await screen.findByRole('table', { name: 'Tools' });
    const sortable = within(table).getAllByRole('columnheader').filter((th) => th.hasAttribute('aria-sort'));
    expect(sortable.length).toBeGreaterThan(1);
    for (const header of sortable) expect(header.querySelector('.sort-indicator')?.textContent?.trim()).toMatch(/^[↕▲▼]$/);
  });

  test('an empty result offers "Clear search and filters", which brings the whole list back', async () => {
    const { here } = await renderPortal('/tools?search=nothing-like-this&filter%5Bkind%5D=http', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByText('No records found.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(here()).toBe('/tools'));
    expect(await screen.findByText('Tool 01')).toBeInTheDocument();
  });

  test('a failed page keeps the old rows dimmed and says so, then reloads by itself when the network returns', async () => {
    let down = false;
    mswServer.use(
      http.get(`${API}/api/v1/tools/`, ({ request }) => {
        if (down) return HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json({ ...listBody([tool(page, `Tool on page ${page}`)], { page, lastPage: 3 }), links: { first: null, last: null, prev: null, next: null } });
      }),
    );
    const { here } = await renderPortal('/tools');
    await screen.findByText('Tool on page 1');
    down = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(here()).toBe('/tools?page=2'));
    expect(await screen.findByText(/The rows below are from before this failure/)).toBeInTheDocument();
    expect(screen.getByText('Tool on page 1').closest('.table-wrap')).toHaveClass('is-stale');
    down = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Tool on page 2')).toBeInTheDocument();
    expect(screen.queryByText(/The rows below are from before this failure/)).not.toBeInTheDocument();
    expect(screen.getByText('Tool on page 2').closest('.table-wrap')).not.toHaveClass('is-stale');
  });
});
