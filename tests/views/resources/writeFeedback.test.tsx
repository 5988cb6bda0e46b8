import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { chooseAccount } from '../../support/chooseAccount';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers, listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

/** The one toast region (a polite live region) that confirms writes. */
const toastRegion = () => screen.getAllByRole('status').find((el) => el.classList.contains('toast-region'))!;

describe('every write is confirmed in one toast region; a removed relation can be undone', () => {
  test('create and save are announced', { timeout: 20000 }, async () => {
    const rows: Array<Record<string, unknown>> = [];
    const { here } = await renderPortal('/dispositions/new', { handlers: crudHandlers('dispositions', rows) });
    const user = userEvent.setup();
    // Under "All accounts" a new record asks whose it is (issue 12 item 2).
    await chooseAccount(user);
    await user.type(await screen.findByRole('textbox', { name: /^Label/ }), 'Callback requested');
    await user.click(screen.getByRole('button', { name: 'Create disposition' }));
    await waitFor(() => expect(here()).toBe('/dispositions/100'));
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
    await user.click(await screen.findByRole('button', { name: 'Delete Tool B' }));
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
    await within(assigned).findByRole('link', { name: 'No answer' });
    expect(posts).toEqual(['2', '1']);
    expect(await within(toastRegion()).findByText('“No answer” assigned again.')).toBeInTheDocument();
  });
});
