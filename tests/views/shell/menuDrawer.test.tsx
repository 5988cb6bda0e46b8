import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { accountsHandler } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

// jsdom has no matchMedia, so the shell takes the narrow layout (< 992 px): the menu is a drawer.
const totals = http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 1, cost: 1, minutes: 1 } }));

async function openShell(path: string) {
  mswServer.use(totals, accountsHandler, ...signInHandlers());
  const mounted = mountPortal(path, { returning: true });
  const toggle = await screen.findByRole('button', { name: 'Menu' });
  return { ...mounted, toggle, user: userEvent.setup() };
}

describe('the menu drawer below 992 px', { timeout: 15_000 }, () => {
  test('the toggle controls the drawer; opening moves focus into it, on the current section', async () => {
    const { toggle, user } = await openShell('/roles/new');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'side-menu');
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(menu).toHaveAttribute('id', 'side-menu');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Roles' })).toHaveFocus());
  });

  test('Escape closes the drawer and gives focus back to the toggle', async () => {
    const { toggle, user } = await openShell('/dashboard');
    toggle.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    // On the dashboard the current link is Dashboard; Tab moves on inside the drawer, Escape still closes.
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{Tab}');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('following a link in the drawer closes it', async () => {
    const { toggle, user, here } = await openShell('/dashboard');
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(menu).getByRole('link', { name: 'Roles' }));
    await waitFor(() => expect(here()).toBe('/roles'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside the drawer, or Tab past its last link, closes it', async () => {
    const { toggle, user } = await openShell('/dashboard');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(await screen.findByRole('heading', { level: 1 }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const links = within(screen.getByRole('navigation', { name: 'Sections' })).getAllByRole('link');
    links.at(-1)!.focus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
