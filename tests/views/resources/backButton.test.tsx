import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

const tool = (id: number, name: string) => ({ id, account_id: 1, name, kind: 'http', description: null, parameters: {}, updated_at: '2020-03-04T10:00:00Z' });
const manyTools = () => Array.from({ length: 40 }, (_, i) => tool(i + 1, `Tool ${String(i + 1).padStart(2, '0')}`));

describe('Back on record and edit pages follows the flow’s history (SPEC §2)', () => {
  test('list → record → edit: Back returns along the same path, to the list at its page and search', { timeout: 20000 }, async () => {
    const { here } = await renderPortal('/tools?search=Tool&page=2', { handlers: crudHandlers('tools', manyTools()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Open Tool 16' }));
    await waitFor(() => expect(here()).toBe('/tools/16'));
    await user.click(await screen.findByRole('link', { name: 'Edit Tool 16' }));
    await waitFor(() => expect(here()).toBe('/tools/16/edit'));
    await screen.findByRole('heading', { name: 'Edit Tool 16' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(here()).toBe('/tools/16'));
    await screen.findByRole('heading', { name: 'Tool 16' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(here()).toBe('/tools?search=Tool&page=2'));
  });

  test('after saving, Back from the record skips the edit page it came from', { timeout: 20000 }, async () => {
    const { here } = await renderPortal('/tools?page=2', { handlers: crudHandlers('tools', manyTools()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Open Tool 16' }));
    await user.click(await screen.findByRole('link', { name: 'Edit Tool 16' }));
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Tool sixteen');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(here()).toBe('/tools/16'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(here()).toBe('/tools?page=2'));
  });

  test('a record opened from elsewhere: Back goes to the list as it was last left in this session', { timeout: 20000 }, async () => {
    // List position lives in the navigation actor (cleared at sign-out), not in module memory: the
    // same portal, the list left for the dashboard, then the record opened straight from the address bar.
    const { here, location } = await renderPortal('/tools?search=Tool&page=2', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByRole('link', { name: 'Open Tool 16' });
    location.navigate('/dashboard');
    await screen.findByRole('heading', { name: /Welcome/ });
    location.navigate('/tools/16');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Tool 16' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(here()).toBe('/tools?search=Tool&page=2'));
  });

  test('Back from a changed form asks first; staying keeps the page and what was typed', { timeout: 20000 }, async () => {
    const { here } = await renderPortal('/tools/16/edit', { handlers: crudHandlers('tools', manyTools()) });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, ' (draft)');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(here()).toBe('/tools/16/edit');
    expect(name).toHaveValue('Tool 16 (draft)');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave and lose changes' }));
    // No history here: the list as this tab last left it.
    await waitFor(() => expect(here()).toMatch(/^\/tools(\?|$)/));
  });
});
