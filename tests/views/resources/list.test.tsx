import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { readOnlyPermissions, recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers, listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

const tool = (id: number, name: string, kind = 'function') => ({ id, account_id: 1, name, kind, description: `${name} tool`, parameters: {}, updated_at: '2020-03-04T10:00:00Z' });
const manyTools = () => Array.from({ length: 40 }, (_, i) => tool(i + 1, `Tool ${String(i + 1).padStart(2, '0')}`, i % 2 ? 'http' : 'function'));

describe('generic list page', () => {
  test('renders rows with SPEC display rules and a record link, New gated by permission', async () => {
    await renderPortal('/contacts', {
      handlers: crudHandlers('contacts', [{ id: 1, name: 'Ada', phone_number: '5551234567', email: 'ada@example.com', updated_at: '2020-03-04T10:00:00Z' }, { id: 2, name: 'Bob', phone_number: '', email: null }]),
    });
    const table = await screen.findByRole('table', { name: 'Contacts' });
    expect(within(table).getByRole('link', { name: 'Open Ada' })).toHaveAttribute('href', '/contacts/1');
    expect(within(table).getByText('(555) 123-4567')).toBeInTheDocument();
    expect(within(table).getByText('Not Provided')).toBeInTheDocument();
    expect(within(table).getByText('Mar 4, 2020')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New contact' })).toHaveAttribute('href', '/contacts/new');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  test('search is debounced 300 ms into the URL, which drives the request', async () => {
    const requests = recordRequests();
    const { here } = await renderPortal('/tools', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByRole('table', { name: 'Tools' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Tool 1');
    // Nothing moves while typing…
    expect(here()).toBe('/tools');
    await waitFor(() => expect(here()).toBe('/tools?search=Tool+1'), { timeout: 1500 });
    await waitFor(() => expect(requests.filter((r) => r.startsWith('GET /api/v1/tools/')).at(-1)).toContain('search=Tool 1'));
    // …and one request for the whole word, not one per key.
    expect(requests.filter((r) => r.includes('search=Tool')).length).toBe(1);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(11));
    mswServer.events.removeAllListeners();
  });

  test('filters and sort live in the URL; a reload of that URL restores them', async () => {
    const requests = recordRequests();
    const { here } = await renderPortal('/tools', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByRole('table', { name: 'Tools' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'http');
    await waitFor(() => expect(here()).toBe('/tools?filter%5Bkind%5D=http'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(here()).toBe('/tools?filter%5Bkind%5D=http&sort=name'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(here()).toBe('/tools?filter%5Bkind%5D=http&sort=-name'));
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(requests.at(-1)).toMatch(/filter\[kind\]=http.*sort=-name|sort=-name.*filter\[kind\]=http/));
    mswServer.events.removeAllListeners();
  });

  test('opening a shared URL restores page, filters and sort', async () => {
    const requests = recordRequests();
    await renderPortal('/tools?search=Tool&filter%5Bkind%5D=function&sort=-name&page=2', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByRole('table', { name: 'Tools' });
    const call = requests.find((r) => r.startsWith('GET /api/v1/tools/'))!;
    expect(call).toContain('page=2');
    expect(call).toContain('search=Tool');
    expect(call).toContain('sort=-name');
    expect(call).toContain('filter[kind]=function');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('function');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Tool');
    mswServer.events.removeAllListeners();
  });

  /** Two pages of tools; the first's links.next is an opaque URL the list must follow as given. */
  function twoToolPages(): string {
    const next = `${API}/api/v1/tools/?page=2&opaque=cursor-abc`;
    mswServer.use(
      http.get(`${API}/api/v1/tools/`, ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('opaque') === 'cursor-abc') return HttpResponse.json(listBody([tool(16, 'Second page tool')], { page: 2, lastPage: 2 }));
        return HttpResponse.json({ ...listBody([tool(1, 'First page tool')], { page: 1, lastPage: 2 }), links: { first: null, last: null, prev: null, next } });
      }),
    );
    return next;
  }

  test('Next page follows the server’s links.next URL as given and the URL gets page=2', async () => {
    const requests = recordRequests();
    twoToolPages();
    const { here } = await renderPortal('/tools');
    await screen.findByText('First page tool');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Second page tool');
    expect(here()).toBe('/tools?page=2');
    expect(requests.filter((r) => r.startsWith('GET /api/v1/tools/')).at(-1)).toBe('GET /api/v1/tools/?page=2&opaque=cursor-abc');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    mswServer.events.removeAllListeners();
  });

  test('Next page’s call leaves with the click, before React draws the new address (bench/lists.ts: click → rows)', async () => {
    const next = twoToolPages();
    const { here } = await renderPortal('/tools');
    await screen.findByText('First page tool');
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    };
    const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = flag.IS_REACT_ACT_ENVIRONMENT;
    try {
      // A plain browser click, outside act(): React draws the new address in a microtask after it.
      flag.IS_REACT_ACT_ENVIRONMENT = false;
      screen.getByRole('button', { name: 'Next page' }).click();
      expect(asked).toEqual([next]);
      expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    } finally {
      globalThis.fetch = realFetch;
      flag.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    await screen.findByText('Second page tool');
    expect(here()).toBe('/tools?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  test('after a search, Next page keeps the search although Laravel’s links.next carries only ?page=2', async () => {
    const requests = recordRequests();
    const answer = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      const search = url.searchParams.get('search');
      const page = Number(url.searchParams.get('page') ?? '1');
      const rows = search === 'Tool' ? [tool(page, `Matching tool ${page}`)] : [tool(90 + page, `Unfiltered tool ${page}`)];
      return HttpResponse.json({ ...listBody(rows, { page, lastPage: 2 }), links: { first: null, last: null, prev: null, next: page === 1 ? `${API}/api/v1/tools?page=2` : null } });
    };
    mswServer.use(http.get(`${API}/api/v1/tools/`, answer), http.get(`${API}/api/v1/tools`, answer));
    const { here } = await renderPortal('/tools?search=Tool&sort=-name');
    await screen.findByText('Matching tool 1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Matching tool 2');
    expect(screen.queryByText(/Unfiltered tool/)).not.toBeInTheDocument();
    expect(here()).toContain('page=2');
    expect(requests.filter((r) => r.startsWith('GET /api/v1/tools')).at(-1)).toBe('GET /api/v1/tools?page=2&search=Tool&sort=-name');
    mswServer.events.removeAllListeners();
  });

  test('a failed browse shows the section’s summary and the server detail', async () => {
    await renderPortal('/feedback', { handlers: [http.get(`${API}/api/v1/feedback/`, () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }))] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Feedbacks');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  test('a read-only user sees no New, Edit or Delete controls', async () => {
    await renderPortal('/tools', { handlers: crudHandlers('tools', manyTools().slice(0, 3)), permissions: readOnlyPermissions(['Tools']) });
    await screen.findByRole('table', { name: 'Tools' });
    expect(screen.queryByRole('link', { name: 'New tool' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  test('delete from the list asks first (focus trapped in the dialog), then removes the row', async () => {
    const rows = manyTools().slice(0, 3);
    await renderPortal('/tools', { handlers: crudHandlers('tools', rows) });
    await screen.findByRole('table', { name: 'Tools' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Tool 02' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete tool?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rows).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Delete Tool 02' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Tool 02' })).toBeNull());
    expect(rows.map((r) => r.name)).toEqual(['Tool 01', 'Tool 03']);
  });

  test('feedback: table filters and export under the server’s file name', async () => {
    const requests = recordRequests();
    mswServer.use(
      http.get(`${API}/api/v1/feedback/`, ({ request }) => {
        if (new URL(request.url).searchParams.get('export') === 'csv') {
          return new HttpResponse('id,rating\n1,5\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="feedback-2026-11-22.csv"' } });
        }
        return HttpResponse.json(listBody([{ id: 1, rating: 5, comment: 'Great', status: 'new', created_at: '2020-01-01T00:00:00Z' }]));
      }),
    );
    const { here } = await renderPortal('/feedback');
    await screen.findByRole('table', { name: 'Feedback' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '5');
    await waitFor(() => expect(here()).toBe('/feedback?filter%5Brating%5D=5'));
    await user.click(screen.getByRole('button', { name: 'Export feedback' }));
    await waitFor(() => expect(screen.getByText('Downloaded feedback-2026-11-22.csv')).toBeInTheDocument());
    expect(requests.find((r) => r.includes('export=csv'))).toContain('filter[rating]=5');
    mswServer.events.removeAllListeners();
  });
});
