import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { LEAVE_MESSAGE } from '../../../src/views/common/useLeaveGuard';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

const tool = (id: number, name: string) => ({ id, account_id: 1, name, kind: 'http', description: null, parameters: {}, updated_at: '2020-03-04T10:00:00Z' });
const manyTools = () => Array.from({ length: 40 }, (_, i) => tool(i + 1, `Tool ${String(i + 1).padStart(2, '0')}`));

describe('back to the list as it was left; unsaved changes are not lost silently', () => {
  test('breadcrumbs, Cancel and a delete return to the list with its page and search', { timeout: 20000 }, async () => {
    const { here } = await renderPortal('/tools?search=Tool&page=2', { handlers: crudHandlers('tools', manyTools()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Open Tool 16' }));
    await waitFor(() => expect(here()).toBe('/tools/16'));
    await user.click(await screen.findByRole('button', { name: 'Delete Tool 16' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(here()).toBe('/tools?search=Tool&page=2'));
    await user.click(await screen.findByRole('link', { name: 'New tool' }));
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/tools?search=Tool&page=2');
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(here()).toBe('/tools?search=Tool&page=2'));
  });

  test('leaving a changed form asks first in a focus-trapping dialog; staying keeps what was typed; an unchanged form leaves at once', { timeout: 20000 }, async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { here } = await renderPortal('/dispositions/new', { handlers: crudHandlers('dispositions', []) });
    const user = userEvent.setup();
    const label = await screen.findByRole('textbox', { name: /^Label/ });
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(true);
    await user.type(label, 'Half typed');
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAccessibleDescription(LEAVE_MESSAGE);
    const stay = within(dialog).getByRole('button', { name: 'Stay on this page' });
    expect(stay).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Leave and lose changes' })).toHaveFocus();
    await user.tab();
    expect(stay).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(here()).toBe('/dispositions/new');
    expect(label).toHaveValue('Half typed');

    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Dispositions' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave and lose changes' }));
    await waitFor(() => expect(here()).toBe('/dispositions'));
    // Asked in the page, never by the browser's own prompt.
    expect(confirm).not.toHaveBeenCalled();

    // An unchanged form asks nothing.
    await user.click(await screen.findByRole('link', { name: 'New disposition' }));
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(here()).toBe('/dispositions'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    confirm.mockRestore();
  });
});
