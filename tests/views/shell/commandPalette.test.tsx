import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { listBody } from '../../support/resourceFixtures';
import { readOnlyPermissions, renderPortal } from '../../support/renderPortal';

/** Issue 30: the command palette through its roles and names (jsdom; Chromium in tests/e2e/commandPalette.test.ts). */
const emptyList = (path: string) => http.get(`${API}/api/v1/${path}/`, () => HttpResponse.json(listBody([])));

describe('command palette', () => {
  test('Ctrl+K opens it; commands filter as you type; records come from every browsable section, a failed one is named', async () => {
    const { location } = await renderPortal('/dashboard', {
      permissions: readOnlyPermissions(['Contacts', 'Bots']),
      handlers: [
        http.get(`${API}/api/v1/contacts/`, ({ request }) => HttpResponse.json(listBody(new URL(request.url).searchParams.get('search') === 'ann' ? [{ id: 4, name: 'Ann Lee' }] : []))),
        http.get(`${API}/api/v1/bots/`, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
        emptyList('reporting/global'),
      ],
    });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Search and commands' });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const field = within(dialog).getByRole('combobox', { name: 'Go to, find a record, or run a command' });
    expect(field).toHaveFocus();
    const names = () => within(dialog).queryAllByRole('option').map((o) => o.textContent);
    // Read-only: no "New …"; only the two sections.
    expect(names()).toEqual(['Dashboard', 'Contacts', 'Bots', 'Settings', 'Switch to the dark theme', 'Keyboard shortcuts', 'Sign out']);
    await user.type(field, 'ann');
    await waitFor(() => expect(names()).toContain('Ann LeeContacts'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Could not search Bots.');
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { selected: true })).toHaveTextContent('Ann Lee');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(location.history?.at(-1)).toBe('/contacts/4'));
  });

  test('? lists the shortcuts, not while typing in a field', async () => {
    await renderPortal('/dashboard', { handlers: [emptyList('reporting/global')] });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Search and commands' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Open the command palette');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const select = screen.getByRole('combobox', { name: 'Account' });
    select.focus();
    await user.keyboard('?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
