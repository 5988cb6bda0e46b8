import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { readOnlyPermissions, recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

/** Issue 30: bulk selection on a resource list (checkbox per row, this page, all N matching; delete with Undo). */
const tool = (id: number) => ({ id, account_id: 1, name: `Tool ${String(id).padStart(2, '0')}`, kind: 'function', description: 'A tool', parameters: {}, updated_at: '2020-03-04T10:00:00Z' });
const manyTools = () => Array.from({ length: 45 }, (_, i) => tool(i + 1));
const dataRows = () => within(screen.getByRole('table', { name: 'Tools' })).getAllByRole('row').slice(1);

describe('bulk selection on a list', () => {
  test('tick rows, the page, then all 45 matching; delete hides the rows at once with Undo focused; Undo brings them back and sends nothing', { timeout: 40_000 }, async () => {
    const requests = recordRequests();
    await renderPortal('/tools', { handlers: crudHandlers('tools', manyTools()) });
    await screen.findByRole('table', { name: 'Tools' }, { timeout: 20_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 02' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select this page' })).toHaveProperty('indeterminate', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByText('15 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 45 matching' }));
    expect(screen.getByText('All 45 matching selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 03' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    // Gone in the same render as the click; nothing sent yet.
    expect(screen.queryByRole('link', { name: 'Open Tool 01' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Tool 03' })).toBeNull();
    expect(dataRows()).toHaveLength(13);
    const undo = within(screen.getByRole('main')).getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    expect(screen.getAllByText('2 tools deleted.', { exact: false }).length).toBeGreaterThan(0);
    await user.click(undo);
    expect(screen.getByRole('link', { name: 'Open Tool 01' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select this page' })).toHaveFocus();
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
    mswServer.events.removeAllListeners();
  });

  test('a user who may not delete gets the checkboxes and Export selected, no Delete selected', async () => {
    await renderPortal('/tools', { handlers: crudHandlers('tools', manyTools()), permissions: readOnlyPermissions(['Tools']) });
    await screen.findByRole('table', { name: 'Tools' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 02' }));
    expect(screen.getByRole('button', { name: 'Export selected (CSV)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
  });
});
