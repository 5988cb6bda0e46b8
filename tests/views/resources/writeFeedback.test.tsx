import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { createDisposition, toastRegion } from '../../support/createDisposition';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers, listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';


describe('every write is confirmed in one toast region; a removed relation can be undone', () => {
  test('create and save are announced', { timeout: 20000 }, async () => {
    const rows: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/dispositions/new', { handlers: crudHandlers('dispositions', rows) });
    const user = userEvent.setup();
    await createDisposition(user, here);
    expect(await within(toastRegion()).findByText('Disposition created.')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: /^Edit/ }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/dispositions/100'));
    expect(await within(toastRegion()).findByText('Changes saved.')).toBeInTheDocument();
  });

  test('a delete is announced by name', { timeout: 20000 }, async () => {
    const rows = [{ id: 1, name: 'Tool A', kind: 'http' }, { id: 2, name: 'Tool B', kind: 'http' }];
    await renderPortal('/tools', { handlers: crudHandlers('tools', rows) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tool B' }, { timeout: 10000 }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastRegion()).findByText('“Tool B” deleted.')).toBeInTheDocument();
  });

  test('assign and remove are announced; Undo re-assigns the removed item; focus stays in the panel', { timeout: 20000 }, async () => {
    const assignedRows = [{ id: 1, label: 'No answer' }];
    const posts: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/dispositions/available/`, () => HttpResponse.json(listBody([{ id: 1, label: 'No answer' }, { id: 2, label: 'Callback' }]))),
      http.get(`${API}/api/v1/roles/4/dispositions/`, () => HttpResponse.json(listBody(assignedRows))),
      http.post(`${API}/api/v1/roles/4/dispositions/:id`, ({ params }) => {
        posts.push(String(params.id));
        const row = { id: Number(params.id), label: params.id === '1' ? 'No answer' : 'Callback' };
        assignedRows.push(row);
        return HttpResponse.json({ data: row }, { status: 201 });
      }),
      http.delete(`${API}/api/v1/roles/4/dispositions/:id`, ({ params }) => {
        const index = assignedRows.findIndex((r) => String(r.id) === params.id);
        const [row] = assignedRows.splice(index, 1);
        return HttpResponse.json({ data: row });
      }),
    );
    await renderPortal('/roles/4/dispositions', { handlers: crudHandlers('roles', [{ id: 4, name: 'Supervisor', description: 'Leads' }]) });
    const assigned = await screen.findByRole('list', { name: 'Assigned dispositions' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Available dispositions' }), await screen.findByRole('option', { name: 'Callback' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await within(toastRegion()).findByText('Assigned “Callback”.')).toBeInTheDocument();

    await user.click(within(assigned).getByRole('button', { name: 'Remove No answer' }));
    expect(await within(toastRegion()).findByText('Removed “No answer”.')).toBeInTheDocument();
    await waitFor(() => expect(within(assigned).queryByRole('link', { name: 'No answer' })).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Dispositions' })).toHaveFocus();

    await user.click(within(toastRegion()).getByRole('button', { name: 'Undo' }));
    // Undo is a relation action too: focus comes back to the panel, not the page body.
    expect(screen.getByRole('heading', { level: 2, name: 'Dispositions' })).toHaveFocus();
    await within(assigned).findByRole('link', { name: 'No answer' });
    expect(posts).toEqual(['2', '1']);
    expect(await within(toastRegion()).findByText('“No answer” assigned again.')).toBeInTheDocument();
  });

  test('after Assign, focus stays in the panel, on the picker', { timeout: 20000 }, async () => {
    mswServer.use(
      http.get(`${API}/api/v1/roles/4/dispositions/available/`, () => HttpResponse.json(listBody([{ id: 2, label: 'Callback' }]))),
      http.get(`${API}/api/v1/roles/4/dispositions/`, () => HttpResponse.json(listBody([]))),
      http.post(`${API}/api/v1/roles/4/dispositions/:id`, () => HttpResponse.json({ data: { id: 2, label: 'Callback' } }, { status: 201 })),
    );
    await renderPortal('/roles/4/dispositions', { handlers: crudHandlers('roles', [{ id: 4, name: 'Supervisor', description: 'Leads' }]) });
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Available dispositions' });
    await user.selectOptions(picker, await screen.findByRole('option', { name: 'Callback' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await within(await screen.findByRole('list', { name: 'Assigned dispositions' })).findByRole('link', { name: 'Callback' });
    expect(screen.getByRole('combobox', { name: 'Available dispositions' })).toHaveFocus();
  });

  test('a workflow contact’s status change is announced; Remove keeps focus in the panel and Undo restores the link as it was', { timeout: 20000 }, async () => {
    const link = (id: number, status = 'pending', attempts = 0) => ({ contact_id: id, workflow_id: 1, status, scheduled_at: null, attempts, contact: { id, name: `Contact ${id}`, phone_number: '5551234567' } });
    let rows = [link(1, 'active', 2)];
    const posts: unknown[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/workflows/1/contacts/available/`, () => HttpResponse.json(listBody([]))),
      http.get(`${API}/api/v1/workflows/1/contacts/`, () => HttpResponse.json(listBody(rows))),
      http.patch(`${API}/api/v1/workflows/1/contacts/1`, async ({ request }) => {
        const { status } = (await request.json()) as { status: string };
        rows = [link(1, status, 2)];
        return HttpResponse.json({ data: rows[0] });
      }),
      http.delete(`${API}/api/v1/workflows/1/contacts/1`, () => {
        rows = [];
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(`${API}/api/v1/workflows/1/contacts/1`, async ({ request }) => {
        const body = (await request.json()) as { status: string; attempts: number };
        posts.push(body);
        rows = [link(1, body.status, body.attempts)];
        return HttpResponse.json({ data: rows[0] }, { status: 201 });
      }),
    );
    await renderPortal('/workflows/1/contacts', { handlers: crudHandlers('workflows', [{ id: 1, name: 'Onboarding', trigger: 'chat' }], { bare: true }) });
    const table = await screen.findByRole('table', { name: 'Workflow contacts' });
    const user = userEvent.setup();
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Status of Contact 1' }), 'Done');
    expect(await within(toastRegion()).findByText('“Contact 1” is now done.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Remove Contact 1' }));
    expect(await within(toastRegion()).findByText('Removed “Contact 1”.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contacts' })).toHaveFocus();
    await user.click(within(toastRegion()).getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Contacts' })).toHaveFocus();
    expect(await within(toastRegion()).findByText('“Contact 1” assigned again.')).toBeInTheDocument();
    expect(posts).toEqual([{ status: 'done', attempts: 2 }]);
    expect(await screen.findByRole('combobox', { name: 'Status of Contact 1' })).toHaveValue('done');
  });

  test('deleting a record nothing points at needs no dialog: Undo creates it again with the same values', { timeout: 20000 }, async () => {
    const rows: Array<Record<string, unknown>> = [{ id: 7, account_id: 2, rating: 2, status: 'reviewed', comment: 'Too slow', conversation_uuid: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }];
    const { here } = await renderPortal('/feedback/7', { handlers: crudHandlers('feedback', rows) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Feedback #7' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await within(toastRegion()).findByText('“Feedback #7” deleted.')).toBeInTheDocument();
    await waitFor(() => expect(here()).toMatch(/^\/feedback(\?|$)/));

    await user.click(within(toastRegion()).getByRole('button', { name: 'Undo' }));
    // The in-memory API numbers new records from 100.
    expect(await within(toastRegion()).findByText('“Feedback #100” restored.')).toBeInTheDocument();
    // Back into its own account (as the API gave the id), not the signed-in admin's.
    expect(rows).toEqual([{ id: 100, rating: 2, status: 'reviewed', comment: 'Too slow', account_id: '2' }]);
    await user.click(within(toastRegion()).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(here()).toBe('/feedback/100'));
  });

  test('a record other records point at keeps the confirmation dialog', { timeout: 20000 }, async () => {
    await renderPortal('/tools/1', { handlers: crudHandlers('tools', [{ id: 1, name: 'Tool A', kind: 'http' }]) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tool A' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete tool?' })).toBeInTheDocument();
  });

  test('deleting from a list moves focus to the next row, not to the page body', { timeout: 20000 }, async () => {
    const rows = [{ id: 1, name: 'Tool A', kind: 'http' }, { id: 2, name: 'Tool B', kind: 'http' }, { id: 3, name: 'Tool C', kind: 'http' }];
    await renderPortal('/tools', { handlers: crudHandlers('tools', rows) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tool B' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Tool B' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open Tool C' })).toHaveFocus());
  });

  test('deleting the last match of a search: the count says none is left and takes the focus', { timeout: 20000 }, async () => {
    const rows = [{ id: 1, name: 'Tool A', kind: 'http' }, { id: 2, name: 'Tool B', kind: 'http' }];
    await renderPortal('/tools?search=Tool%20B', { handlers: crudHandlers('tools', rows) });
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete Tool B' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Tool B' })).toBeNull());
    const count = screen.getAllByRole('status').find((el) => el.classList.contains('list-summary'))!;
    expect(count).toHaveTextContent('No records found.');
    await waitFor(() => expect(count).toHaveFocus());
  });
});
