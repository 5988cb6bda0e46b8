import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

/**
 * A backend as Laravel's `paginate()` builds it without `withQueryString()` and without reading
 * `show`: 15 per page whatever is asked, links carrying only `?page=N` (issue 26 item 1).
 */
function pagedAt15(url: string, rows: () => Array<Record<string, unknown>>) {
  return http.get(url, ({ request }) => {
    const all = rows();
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    const lastPage = Math.max(1, Math.ceil(all.length / 15));
    const link = (p: number) => `${url}?page=${p}`;
    const data = all.slice((page - 1) * 15, page * 15);
    return HttpResponse.json({
      data,
      links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
      meta: { current_page: page, from: data.length ? (page - 1) * 15 + 1 : null, last_page: lastPage, per_page: 15, to: data.length ? (page - 1) * 15 + data.length : null, total: all.length, path: url },
    });
  });
}

const disposition = (id: number) => ({ id, account_id: 1, label: `Disposition ${id}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const optionNames = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent).filter((name) => name !== 'Choose…');

afterEach(() => mswServer.events.removeAllListeners());

describe('every assigned item is reachable on a backend that pages at 15 and ignores show', () => {
  test('a role with 19 dispositions lists all 19, offers only the 6 unassigned, and removes one from page 2', async () => {
    const assigned = new Set(range(1, 19));
    const requests = recordRequests();
    mswServer.use(
      // This backend's available list is every disposition of the account, assigned or not.
      pagedAt15(`${API}/api/v1/roles/4/dispositions/available/`, () => range(1, 25).map(disposition)),
      pagedAt15(`${API}/api/v1/roles/4/dispositions/`, () => [...assigned].map(disposition)),
      http.delete(`${API}/api/v1/roles/4/dispositions/:id`, ({ params }) => {
        assigned.delete(Number(params.id));
        return HttpResponse.json({ data: disposition(Number(params.id)) });
      }),
    );
    await renderPortal('/roles/4/dispositions', { handlers: crudHandlers('roles', [{ id: 4, account_id: 1, name: 'Support' }]) });
    const list = await screen.findByRole('list', { name: 'Assigned dispositions' }, { timeout: 10000 });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(19));
    expect(screen.getByText('19 assigned')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Disposition 18' })).toHaveAttribute('href', '/dispositions/18');
    // The page-2 links were followed as given (only ?page=2), with the available list's show added back.
    expect(requests).toContain('GET /api/v1/roles/4/dispositions/?page=2');
    expect(requests).toContain('GET /api/v1/roles/4/dispositions/available/?page=2&show=100');

    const picker = screen.getByRole('combobox', { name: 'Available dispositions' });
    await waitFor(() => expect(optionNames(picker)).toEqual(range(20, 25).map((id) => `Disposition ${id}`)));

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Remove Disposition 18' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Disposition 18' })).toBeNull());
    expect(requests).toContain('DELETE /api/v1/roles/4/dispositions/18');
    expect(screen.getByText('18 assigned')).toBeInTheDocument();
    expect(optionNames(picker)).toContain('Disposition 18');
  });

  test('the Slots tab’s count leads to the tab that lists all 19', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/slots-brief`, () => HttpResponse.json({ data: { dispositions: { assigned: 19, available: 6 }, scorecards: { assigned: 0, available: 2 } } })),
      pagedAt15(`${API}/api/v1/roles/4/dispositions/available/`, () => range(20, 25).map(disposition)),
      pagedAt15(`${API}/api/v1/roles/4/dispositions/`, () => range(1, 19).map(disposition)),
    );
    const { here } = await renderPortal('/roles/4/slots', { handlers: crudHandlers('roles', [{ id: 4, account_id: 1, name: 'Support' }]) });
    const link = await screen.findByRole('link', { name: '19 assigned' }, { timeout: 10000 });
    expect(link.closest('dd')).toHaveTextContent('19 assigned, 6 available');
    await userEvent.setup().click(link);
    await waitFor(() => expect(here()).toBe('/roles/4/dispositions'));
    const list = await screen.findByRole('list', { name: 'Assigned dispositions' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(19));
    expect(screen.getByText('19 assigned', { selector: 'p' })).toBeInTheDocument();
  });

  test('a workflow with 34 contacts shows all 34, finds one by name and removes it', async () => {
    const linked = new Set(range(1, 34));
    const link = (id: number) => ({ contact_id: id, workflow_id: 1, status: 'pending', scheduled_at: null, attempts: 0, contact: { id, name: `Contact ${id}`, phone_number: '5551234567' } });
    const requests = recordRequests();
    mswServer.use(
      pagedAt15(`${API}/api/v1/workflows/1/contacts/available/`, () => [{ id: 90, account_id: 1, name: 'Unlinked Contact' }]),
      pagedAt15(`${API}/api/v1/workflows/1/contacts/`, () => [...linked].map(link)),
      http.delete(`${API}/api/v1/workflows/1/contacts/:id`, ({ params }) => {
        linked.delete(Number(params.id));
        return HttpResponse.json({ data: link(Number(params.id)) });
      }),
    );
    await renderPortal('/workflows/1/contacts', { handlers: crudHandlers('workflows', [{ id: 1, name: 'Onboarding', trigger: 'chat' }], { bare: true }) });
    const table = await screen.findByRole('table', { name: 'Workflow contacts' }, { timeout: 10000 });
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(34));
    expect(screen.getByText('34 assigned')).toBeInTheDocument();
    expect(requests).toContain('GET /api/v1/workflows/1/contacts/?page=3');

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find in assigned contacts' }), 'contact 33');
    expect(screen.getByText('1 of 34 match “contact 33”')).toBeInTheDocument();
    expect(within(table).getAllByRole('link').map((a) => a.textContent)).toEqual(['Contact 33']);
    await user.click(within(table).getByRole('button', { name: 'Remove Contact 33' }));
    await waitFor(() => expect(requests).toContain('DELETE /api/v1/workflows/1/contacts/33'));
    await user.clear(screen.getByRole('searchbox', { name: 'Find in assigned contacts' }));
    await waitFor(() => expect(screen.getByText('33 assigned')).toBeInTheDocument());
    expect(within(table).getAllByRole('link')).toHaveLength(33);
  });

  test('a long list shows 50 rows, then 50 more with Show more, focus on the first new row', async () => {
    mswServer.use(
      pagedAt15(`${API}/api/v1/roles/4/dispositions/available/`, () => []),
      pagedAt15(`${API}/api/v1/roles/4/dispositions/`, () => range(1, 120).map(disposition)),
    );
    await renderPortal('/roles/4/dispositions', { handlers: crudHandlers('roles', [{ id: 4, account_id: 1, name: 'Support' }]) });
    const list = await screen.findByRole('list', { name: 'Assigned dispositions' }, { timeout: 10000 });
    await waitFor(() => expect(screen.getByText('120 assigned')).toBeInTheDocument());
    expect(within(list).getAllByRole('link')).toHaveLength(50);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more (50 of 120 shown)' }));
    expect(within(list).getAllByRole('link')).toHaveLength(100);
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Disposition 51' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Show more (100 of 120 shown)' }));
    expect(within(list).getAllByRole('link')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();
  });

  test('a user with 17 roles keeps all 17 when a role is added (the PATCH replaces the whole set)', async () => {
    const role = (id: number) => ({ id, account_id: null, name: `Role ${id}` });
    const patches: unknown[] = [];
    mswServer.use(
      pagedAt15(`${API}/api/v1/users/8/roles`, () => range(1, 17).map(role)),
      pagedAt15(`${API}/api/v1/user/roles`, () => range(1, 20).map(role)),
      http.patch(`${API}/api/v1/users/8/roles`, async ({ request }) => {
        const body = (await request.json()) as { roles: number[] };
        patches.push(body);
        return HttpResponse.json({ data: body.roles.map(role) });
      }),
    );
    await renderPortal('/users/8', { handlers: crudHandlers('users', [{ id: 8, name: 'Sam', email: 'sam@example.com' }]) });
    const list = await screen.findByRole('list', { name: 'Assigned roles' }, { timeout: 10000 });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(17));
    const picker = screen.getByRole('combobox', { name: 'Available roles' });
    await waitFor(() => expect(optionNames(picker)).toEqual(['Role 18', 'Role 19', 'Role 20']));
    const user = userEvent.setup();
    await user.selectOptions(picker, 'Role 19');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(patches).toEqual([{ roles: [...range(1, 17), 19] }]));
    await waitFor(() => expect(screen.getByText('18 assigned')).toBeInTheDocument());
  });
});
