import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

const tools = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, account_id: 1, name: `Tool ${i + 1}`, kind: 'http', description: null, parameters: {}, updated_at: '2020-03-04T10:00:00Z' }));

// A list's row links are plain anchors whose clicks the table handles (useLinkClicks): a click
// opens the record inside the portal; a modified or middle click is the browser's (a new tab).
describe('row links in a list', () => {
  test('a click opens the record in the portal; the link points at it for the browser too', async () => {
    const { here } = await renderPortal('/tools', { handlers: crudHandlers('tools', tools) });
    const link = await screen.findByRole('link', { name: 'Open Tool 2' });
    expect(link).toHaveAttribute('href', '/tools/2');
    expect(screen.getByRole('link', { name: 'Edit Tool 2' })).toHaveAttribute('href', '/tools/2/edit');
    // fireEvent answers false when the click was taken (default prevented): no page load.
    expect(fireEvent.click(link, { button: 0 })).toBe(false);
    await waitFor(() => expect(here()).toBe('/tools/2'));
    await screen.findByRole('heading', { name: 'Tool 2' });
  });

  test('a linked name in a row (its account) is a plain anchor too, and opens in the portal', async () => {
    const { here } = await renderPortal('/tools', { handlers: [...crudHandlers('tools', tools), ...crudHandlers('accounts', [{ id: 1, name: 'Acme Support' }])] });
    const table = await screen.findByRole('table', { name: 'Tools' });
    const account = (await within(table).findAllByRole('link', { name: 'Acme Support' }))[0]!;
    expect(account).toHaveAttribute('href', '/accounts/1');
    expect(fireEvent.click(account, { button: 0 })).toBe(false);
    await waitFor(() => expect(here()).toBe('/accounts/1'));
    await screen.findByRole('heading', { level: 1, name: 'Acme Support' });
  });

  test.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['middle button', { button: 1 }],
  ])('%s + click is left to the browser', async (_name, init) => {
    const { here } = await renderPortal('/tools', { handlers: crudHandlers('tools', tools) });
    const link = await screen.findByRole('link', { name: 'Open Tool 2' });
    expect(fireEvent.click(link, init)).toBe(true);
    expect(here()).toBe('/tools');
  });
});

// Rows are keyed by place (a next page updates them in place): what a row started for one record
// stays with that record, not with the row.
describe('rows reused for the next page', () => {
  test('a failed delete’s alert does not follow its row to the next page’s record', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...tools[0], id: i + 1, name: `Tool ${String(i + 1).padStart(2, '0')}` }));
    await renderPortal('/tools', {
      handlers: [http.delete(`${API}/api/v1/tools/:id`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })), ...crudHandlers('tools', many)],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tool 01' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const table = screen.getByRole('table', { name: 'Tools' });
    await waitFor(() => expect(within(table).getByRole('alert')).toHaveTextContent('Delete Record Failed'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Open Tool 16' });
    expect(within(table).queryByRole('alert')).toBeNull();
    expect(within(table).getByRole('button', { name: 'Delete Tool 16' })).toBeInTheDocument();
  });
});
