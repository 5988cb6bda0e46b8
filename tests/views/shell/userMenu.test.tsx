import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

describe('user menu: menu semantics', () => {
  test('opening focuses the first item; arrows, Home and End move; Escape closes and returns focus; Enter on Settings goes there', { timeout: 15000 }, async () => {
    const { here } = await renderPortal('/tools', { handlers: crudHandlers('tools', []) });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { expanded: false, name: /Admin|admin@/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.at(0)).toHaveTextContent('Settings');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items.at(-1)).toHaveTextContent('Sign out');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(here()).toBe('/settings'));
  });
});
