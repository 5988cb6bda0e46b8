import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { renderPanel, startInspectedPortal } from './harness';

describe('walk: the events the current state accepts', () => {
  test('offers exactly the events of the current state, and a button moves the real actor', async () => {
    const user = userEvent.setup();
    mswServer.use(...signInHandlers());
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    const events = () => within(screen.getByRole('group', { name: 'Events auth accepts' }));
    expect(events().getAllByRole('button').map((b) => b.textContent)).toEqual(['auth.retry', 'auth.sso', 'auth.submit']);
    const payload = screen.getByLabelText('Payload (JSON object, optional)');
    await user.click(payload);
    await user.paste('{"credentials": {"email": "admin@example.com", "password": "password"}}');
    await user.click(events().getByRole('button', { name: 'auth.submit' }));
    expect(screen.getByText('Sent auth.submit to auth.')).toBeInTheDocument();
    await waitFor(() => expect(portal.auth.getSnapshot().value).toBe('signedIn'));
    await waitFor(() => expect(screen.getByTestId('current-state')).toHaveTextContent('signedIn'));
    expect(events().getAllByRole('button').map((b) => b.textContent)).toEqual(['auth.expired', 'auth.logout', 'auth.unverified', 'auth.userUpdated']);
  });

  test('an invalid payload is reported and nothing can be sent', async () => {
    const user = userEvent.setup();
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    const payload = screen.getByLabelText('Payload (JSON object, optional)');
    await user.click(payload);
    await user.paste('{"credentials": ');
    expect(payload).toHaveAttribute('aria-invalid', 'true');
    expect(payload).toHaveAccessibleDescription(/Not valid JSON/);
    const submit = within(screen.getByRole('group', { name: 'Events auth accepts' })).getByRole('button', { name: 'auth.submit' });
    expect(submit).toBeDisabled();
    await user.clear(payload);
    await user.paste('[1, 2]');
    expect(payload).toHaveAccessibleDescription('The payload must be a JSON object, e.g. {"to": "/users"}.');
    expect(portal.auth.getSnapshot().value).toBe('signedOut');
  });
});
