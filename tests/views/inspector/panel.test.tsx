import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ContextTree } from '../../../src/inspector/ContextTree';
import { http, HttpResponse } from 'msw';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { authSettled, credentials, renderPanel, startInspectedPortal } from './harness';

describe('machine inspector panel', () => {
  test('lists the live actors of the system by systemId, nested under the root', async () => {
    const { store } = startInspectedPortal();
    renderPanel(store);
    const tree = screen.getByRole('navigation', { name: 'Actors' });
    const root = within(tree).getByRole('button', { name: /^root/ });
    const nested = root.closest('li')!.querySelector('ul')!;
    for (const name of ['auth', 'navigation', 'accountFilter', 'dashboard']) {
      // The actor itself, not its operations (`accountFilter:load` is the filter's load, THE operation).
      expect(within(nested).getByRole('button', { name: new RegExp(`^${name}\\b(?!:)`) })).toBeInTheDocument();
    }
    // auth is selected first: its state and context are shown.
    expect(within(tree).getByRole('button', { name: /^auth/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('current-state')).toHaveTextContent('signedOut');
  });

  test('shows the state change after an event, and the event in the log with its resulting state', async () => {
    mswServer.use(...signInHandlers());
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    expect(screen.getByTestId('current-state')).toHaveTextContent('signedOut');
    act(() => portal.auth.send({ type: 'auth.submit', credentials }));
    await act(() => authSettled(portal));
    await waitFor(() => expect(screen.getByTestId('current-state')).toHaveTextContent('signedIn'));
    const log = screen.getByRole('table');
    const submit = within(log).getByText('auth.submit').closest('tr')!;
    expect(within(submit).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3}$/),
      'outside',
      'auth',
      expect.stringContaining('auth.submit'),
      'signingIn',
    ]);
    // The password never reaches the screen.
    expect(submit).toHaveTextContent('[redacted]');
    expect(log).not.toHaveTextContent('"password":"password"');
    const states = within(log).getAllByRole('row').filter((row) => row.children[2]?.textContent === 'auth').map((row) => row.children[4]?.textContent);
    expect(states).toEqual(expect.arrayContaining(['signingIn', 'fetchingUser', 'fetchingPermissions', 'signedIn']));
  });

  test('filters the log by actor', async () => {
    const user = userEvent.setup();
    const { portal, store } = startInspectedPortal();
    renderPanel(store);
    act(() => portal.navigation.send({ type: 'navigation.located', location: '/users' }));
    await user.selectOptions(screen.getByLabelText('Show events of'), 'navigation');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.children[1]?.textContent === 'navigation' || row.children[2]?.textContent === 'navigation')).toBe(true);
    expect(screen.getByRole('table')).toHaveTextContent('navigation.located');
  });

  test('the context tree is collapsible and redacts secrets', async () => {
    const user = userEvent.setup();
    render(<ContextTree context={{ user: { name: 'Ada', password: 'hunter2', apiToken: 'abc' }, count: 2 }} />);
    const tree = screen.getByRole('list', { name: 'Context' });
    expect(tree).toHaveTextContent('count: 2');
    const userBranch = within(tree).getByText('user').closest('details')!;
    expect(userBranch).not.toHaveAttribute('open');
    await user.click(within(userBranch).getByText('user'));
    expect(userBranch).toHaveAttribute('open');
    expect(userBranch).toHaveTextContent('name: "Ada"');
    expect(userBranch).toHaveTextContent('password: "[redacted]"');
    expect(userBranch).toHaveTextContent('apiToken: "[redacted]"');
    expect(tree).not.toHaveTextContent('hunter2');
  });

  test('an operation shows its status code (0–3); other actors do not', async () => {
    const user = userEvent.setup();
    mswServer.use(http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 3 } })));
    const { store } = startInspectedPortal();
    renderPanel(store);
    expect(screen.queryByText('Status code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^dashboard/ }));
    expect(screen.getByText('Status code').nextElementSibling).toHaveTextContent('0 (idle)');
    await user.click(within(screen.getByRole('group', { name: 'Events dashboard accepts' })).getByRole('button', { name: 'operation.start' }));
    await user.click(await screen.findByRole('button', { name: 'Send operation.start' }));
    await waitFor(() => expect(screen.getByText('Status code').nextElementSibling).toHaveTextContent('2 (success)'));
    expect(screen.getByRole('list', { name: 'Context' })).toHaveTextContent('conversations: 3');
  });

  test('opens with focus on its heading and closes with Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { store } = startInspectedPortal();
    renderPanel(store, onClose);
    const dialog = screen.getByRole('dialog', { name: 'Machine inspector' });
    expect(within(dialog).getByRole('heading', { name: 'Machine inspector' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
