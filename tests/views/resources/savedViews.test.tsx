import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderPortal } from '../../support/renderPortal';
import { mswServer } from '../../support/setupMsw';
import { crudHandlers, listViewSettingsHandlers, toolRow } from '../../support/resourceFixtures';

/** Issue 30: saved views of a list, kept in user settings (list_views). */
const tools = Array.from({ length: 12 }, (_, i) => toolRow(i + 1, `Tool ${String(i + 1).padStart(2, '0')}`, i % 2 ? 'http' : 'function'));

describe('saved views', () => {
  test('the default view opens with the list; a filter or sort the list no longer has is dropped', async () => {
    const views = { tools: { views: [{ name: 'HTTP tools', query: { 'filter[kind]': 'http', 'filter[gone]': 'x', sort: '-nonexistent', search: 'Tool' }, columns: null }], default: 'HTTP tools' } };
    const asked: string[] = [];
    const ask = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/tools/')) asked.push(url.search);
    };
    mswServer.events.on('request:start', ask);
    const { here } = await renderPortal('/tools', { handlers: [...listViewSettingsHandlers(views, []), ...crudHandlers('tools', tools)] });
    // The first test of a file also loads the list page's code: slow on a busy machine.
    await screen.findByRole('table', { name: 'Tools' }, { timeout: 15_000 });
    await waitFor(() => expect(here()).toBe('/tools?search=Tool&filter%5Bkind%5D=http'));
    // The view is known before the list's first call: the whole list is never asked for (nor drawn).
    mswServer.events.removeListener('request:start', ask);
    expect(asked).toEqual(['?page=1&search=Tool&filter%5Bkind%5D=http']);
    expect(await screen.findByRole('combobox', { name: 'View' })).toHaveDisplayValue('HTTP tools (default)');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('http');
  });

  test('save the current filters as a view, the default; it goes to user settings; open it again from the list of views', async () => {
    const posted: unknown[] = [];
    const { here } = await renderPortal('/tools?filter%5Bkind%5D=function&sort=-name', { handlers: [...listViewSettingsHandlers({}, posted), ...crudHandlers('tools', tools)] });
    await screen.findByRole('table', { name: 'Tools' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save as view…' }));
    const form = screen.getByRole('form', { name: 'Save this view' });
    await user.type(within(form).getByLabelText('View name'), 'Functions Z–A');
    await user.click(within(form).getByRole('checkbox', { name: 'Open the list with it' }));
    await user.click(within(form).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ list_views: { tools: { views: [{ name: 'Functions Z–A', query: { 'filter[kind]': 'function', sort: '-name' }, columns: null }], default: 'Functions Z–A' } } });
    expect(screen.getByText('View "Functions Z–A" saved.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), '');
    await waitFor(() => expect(here()).toBe('/tools?sort=-name'));
    expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'Functions Z–A');
    await waitFor(() => expect(here()).toBe('/tools?filter%5Bkind%5D=function&sort=-name'));
  });
});
