import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, permissionsFor, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { mswServer } from '../../support/setupMsw';

const renderApp = (path: string, { signedIn = false } = {}) => mountPortal(path, { returning: signedIn });

const totals = http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 1234, cost: 1093.4, minutes: 12.5 } }));
const accounts = http.get(`${API}/api/v1/accounts`, () =>
  HttpResponse.json({
    data: [{ id: 1, name: 'Acme Support' }, { id: 2, name: 'Globex Sales' }],
    links: { first: null, last: null, prev: null, next: null },
    meta: { current_page: 1, from: 1, last_page: 1, per_page: 100, to: 2, total: 2 },
  }),
);

describe('the portal shell', () => {
  test('sign-in failure shows the summary and the server text, and keeps what was typed', async () => {
    mswServer.use(
      http.post(`${API}/login`, () => HttpResponse.json({ message: 'x', errors: { email: ['These credentials do not match our records.'] } }, { status: 422 })),
      ...signInHandlers(),
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Logging In');
    expect(alert).toHaveTextContent('These credentials do not match our records.');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a guest opening a protected page is sent to /login with a redirect back', async () => {
    const { location } = renderApp('/bots?page=2');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login?redirect=%2Fbots%3Fpage%3D2'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  test('a returning user is restored, sees the dashboard with totals and only permitted sections', async () => {
    mswServer.use(totals, accounts, ...signInHandlers());
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByRole('heading', { name: /Welcome, Ada Admin/ })).toBeInTheDocument();
    const stats = await screen.findByRole('heading', { name: 'Global totals' });
    // The totals' code and call load after the dashboard itself (a lazy chunk): wait for them.
    await waitFor(() => expect(stats.parentElement).toHaveTextContent('1,234'));
    expect(stats.parentElement).toHaveTextContent('$1,093.40');
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(menu).getByRole('link', { name: 'Workflows' })).toHaveAttribute('href', '/workflows');
    expect(await screen.findByRole('option', { name: 'Globex Sales' })).toBeInTheDocument();
  });

  test('a page the user may not open shows Forbidden inside the shell; the menu hides it', async () => {
    mswServer.use(...signInHandlers({ permissions: permissionsFor(['Bots', 'Roles'], 1) }));
    renderApp('/users/new', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Roles' })).toBeInTheDocument();
  });

  test('Global access false and no grant (the reference API\'s reading): reloading any page lands on /error/access, which offers only Sign out', async () => {
    const denied = permissionsFor([], 1) as { data: Record<string, unknown> };
    denied.data.Global = { access: false };
    mswServer.use(totals, accounts, ...signInHandlers({ permissions: denied }));
    const { location } = renderApp('/roles/new', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/error/access');
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  test('Global access false beside a Roles grant (a Laravel backend\'s "no cross-account scope"): the user keeps the page the grant opens', async () => {
    const staff = permissionsFor(['Roles'], 1) as { data: Record<string, unknown> };
    staff.data.Global = { access: false };
    mswServer.use(totals, accounts, ...signInHandlers({ permissions: staff }));
    const { location } = renderApp('/roles/new', { signedIn: true });
    expect(await screen.findByRole('heading', { name: /New role/i })).toBeInTheDocument();
    expect(location.history?.at(-1) ?? '/roles/new').toBe('/roles/new');
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(menu).getByRole('link', { name: 'Roles' })).toBeInTheDocument();
  });

  const signInWith = async (permissions: unknown) => {
    mswServer.use(totals, accounts, ...signInHandlers({ permissions }));
    const mounted = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return mounted;
  };

  test('Global access false and no grant at sign-in: the landing is /error/access', async () => {
    const none = permissionsFor([], 1) as { data: Record<string, unknown> };
    none.data.Global = { access: false };
    const { here } = await signInWith(none);
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(here()).toBe('/error/access');
  });

  test('Global access false beside one granted section at sign-in: the landing is that section', async () => {
    const bots = permissionsFor(['Bots'], 1) as { data: Record<string, unknown> };
    bots.data.Global = { access: false };
    const { here } = await signInWith(bots);
    await waitFor(() => expect(here()).toBe('/bots'));
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
  });

  test('breadcrumbs: the section, then New; the menu toggle says whether it is open', async () => {
    mswServer.use(totals, accounts, ...signInHandlers());
    renderApp('/roles/new', { signedIn: true });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/roles');
    expect(within(crumbs).getByText('New')).toHaveAttribute('aria-current', 'page');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('the global account filter scopes later GET calls with account_id', async () => {
    const seen: string[] = [];
    mswServer.use(
      http.get(`${API}/api/v1/reporting/global`, ({ request }) => {
        seen.push(new URL(request.url).searchParams.get('account_id') ?? '');
        return HttpResponse.json({ data: { conversations: 1 } });
      }),
      accounts,
      ...signInHandlers(),
    );
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('option', { name: 'Globex Sales' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'Globex Sales');
    await waitFor(() => expect(seen.at(-1)).toBe('2'));
    expect(localStorage.getItem('account_id')).toBe('2');
    // The title names whose totals they are, not "Global" (issue 26 item 7).
    expect(await screen.findByRole('heading', { name: 'Totals for Globex Sales' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Global totals' })).toBeNull();
  });

  test('an unknown path shows not found', async () => {
    renderApp('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
