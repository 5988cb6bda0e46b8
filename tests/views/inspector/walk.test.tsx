import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { renderPanel, startInspectedPortal } from './harness';

describe('walk: the events the current state accepts, each with its form', () => {
  test('auth.submit asks for an email and a password (from the schema beside the auth machine); sending moves the real actor', async () => {
    const user = userEvent.setup();
    mswServer.use(...signInHandlers());
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    const events = () => within(screen.getByRole('group', { name: 'Events auth accepts' }));
    expect(events().getAllByRole('button').map((b) => b.textContent?.replace('…', ''))).toEqual(['auth.retry', 'auth.sso', 'auth.ssoEndSession', 'auth.ssoReturn', 'auth.ssoStart', 'auth.submit']);
    await user.click(events().getByRole('button', { name: 'auth.submit' }));
    expect(events().getByRole('button', { name: 'auth.submit' })).toHaveAttribute('aria-expanded', 'true');
    const form = await screen.findByRole('form', { name: /auth\.submit/ });
    expect(within(form).getByRole('heading')).toHaveTextContent('auth.submit · sign-in');
    const email = within(form).getByLabelText(/^Email/);
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('A demo sign-in, e.g. admin@example.com');
    const password = within(form).getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.type(email, 'admin@example.com');
    await user.type(password, 'password');
    await user.click(within(form).getByRole('button', { name: 'Send auth.submit' }));
    expect(screen.getByText('Sent auth.submit to auth.')).toBeInTheDocument();
    await waitFor(() => expect(portal.auth.getSnapshot().value).toBe('signedIn'));
    await waitFor(() => expect(screen.getByTestId('current-state')).toHaveTextContent('signedIn'));
    expect(events().getAllByRole('button').map((b) => b.textContent?.replace('…', ''))).toEqual(['auth.expired', 'auth.logout', 'auth.unverified', 'auth.userUpdated']);
  }, 15_000); // a whole sign-in through the panel: slow on a loaded machine

  test('missing or invalid fields are reported on the field and nothing is sent', async () => {
    const user = userEvent.setup();
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    await user.click(within(screen.getByRole('group', { name: 'Events auth accepts' })).getByRole('button', { name: 'auth.submit' }));
    const form = await screen.findByRole('form', { name: /auth\.submit/ });
    await user.click(within(form).getByRole('button', { name: 'Send auth.submit' }));
    const email = within(form).getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Required/);
    expect(within(form).getByLabelText(/^Password/)).toHaveAccessibleDescription(/Required/);
    expect(portal.auth.getSnapshot().value).toBe('signedOut');

    // navigation.go takes only a portal path: "//evil.example" is refused by its schema.
    await user.click(screen.getByRole('button', { name: /^navigation/ }));
    await user.click(within(screen.getByRole('group', { name: 'Events navigation accepts' })).getByRole('button', { name: 'navigation.go' }));
    const go = await screen.findByRole('form', { name: /navigation\.go/ });
    await user.type(within(go).getByLabelText(/^Path/), '//evil.example');
    await user.click(within(go).getByRole('button', { name: 'Send navigation.go' }));
    expect(within(go).getByLabelText(/^Path/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Sent navigation.go to navigation.')).toBeNull();
  });
});
