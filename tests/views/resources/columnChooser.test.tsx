import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { API } from '../../support/apiFixtures';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers, listBody, listViewSettingsHandlers, toolRow } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

/** Issue 30: the column chooser (show, hide, order), kept in the address and the saved view; exports follow it. */
const tools = Array.from({ length: 5 }, (_, i) => toolRow(i + 1));

const headers = () => within(screen.getByRole('table', { name: /./ })).getAllByRole('columnheader').slice(1).map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim()).filter((text) => text !== 'Actions');

afterEach(() => vi.unstubAllGlobals());

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('column chooser', () => {
  test('hide a column and move one: the table follows, focus stays on the moved button, the address keeps it, and no new request goes out', { timeout: 40_000 }, async () => {
    const requests = recordRequests();
    const posted: unknown[] = [];
    const { here } = await renderPortal('/tools', { handlers: [...listViewSettingsHandlers({}, posted), ...crudHandlers('tools', tools)] });
    await screen.findByRole('table', { name: 'Tools' }, { timeout: 20_000 });
    const all = headers();
    expect(all.slice(0, 4)).toEqual(['Name', 'Kind', 'Description', 'Updated']);
    const calls = requests.filter((r) => r.startsWith('GET /api/v1/tools/')).length;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Description' }));
    expect(headers()).not.toContain('Description');
    await user.click(screen.getByRole('button', { name: 'Move Name right' }));
    expect(headers().slice(0, 2)).toEqual(['Kind', 'Name']);
    expect(screen.getByRole('button', { name: 'Move Name right' })).toHaveFocus();
    await waitFor(() => expect(new URLSearchParams(here().split('?')[1]).get('columns')).toBe(all.length === 5 ? 'kind,name,updated_at,account_id' : 'kind,name,updated_at'));
    // The first column is still the record's link.
    expect(within(screen.getByRole('table', { name: 'Tools' })).getAllByRole('row')[1]!.querySelectorAll('td')[1]!.querySelector('a')).toHaveAttribute('href', '/tools/1');
    expect(requests.filter((r) => r.startsWith('GET /api/v1/tools/')).length).toBe(calls);

    await user.click(screen.getByRole('button', { name: 'Save as view…' }));
    const form = screen.getByRole('form', { name: 'Save this view' });
    await user.type(within(form).getByLabelText('View name'), 'Narrow');
    await user.click(within(form).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const saved = (posted[0] as { list_views: { tools: { views: Array<{ columns: string[] }> } } }).list_views.tools.views[0]!;
    expect(saved.columns.slice(0, 3)).toEqual(['kind', 'name', 'updated_at']);

    await user.click(screen.getByRole('button', { name: 'Reset columns' }));
    expect(headers()).toEqual(all);
    mswServer.events.removeAllListeners();
  });

  test('a default view naming a column that no longer exists opens without it', async () => {
    const views = { tools: { views: [{ name: 'Old', query: {}, columns: ['description', 'retired_column', 'name'] }], default: 'Old' } };
    const { here } = await renderPortal('/tools', { handlers: [...listViewSettingsHandlers(views, []), ...crudHandlers('tools', tools)] });
    await screen.findByRole('table', { name: 'Tools' }, { timeout: 20_000 });
    await waitFor(() => expect(headers()).toEqual(['Description', 'Name']));
    expect(here()).toBe('/tools?columns=description%2Cname');
    expect(await screen.findByRole('combobox', { name: 'View' })).toHaveDisplayValue('Old (default)');
  });

  test("the list's export keeps only the visible columns, in their order", async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => {} }));
    mswServer.use(
      http.get(`${API}/api/v1/feedback/`, ({ request }) => {
        if (new URL(request.url).searchParams.get('export') === 'csv') {
          return new HttpResponse('id,rating,comment,status,created_at\r\n1,5,"Great, thanks",new,2020-01-01\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="feedback-2026-11-27.csv"' } });
        }
        return HttpResponse.json(listBody([{ id: 1, rating: 5, comment: 'Great, thanks', status: 'new', created_at: '2020-01-01T00:00:00Z' }]));
      }),
    );
    await renderPortal('/feedback?columns=comment,rating');
    await screen.findByRole('table', { name: 'Feedback' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export feedback' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await textOf(blobs[0]!)).toBe('comment,rating\r\n"Great, thanks",5\r\n');
  });
});
