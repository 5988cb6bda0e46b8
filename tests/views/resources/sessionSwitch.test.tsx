import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { API, adminUser, permissionsFor } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { bot, listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

// Lazy route chunks load on first use: on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

const blake = { id: 2, name: 'Blake Bots', email: 'bots@example.com', isAdmin: false, theme_color: null, account_id: 3 };

/**
 * Two users of one tab. The server answers as whoever signed in last; Blake's bot list is slow,
 * which is when a leftover list from Ada's session would show.
 */
function twoUsers() {
  let current: 'ada' | 'blake' = 'ada';
  mswServer.use(
    http.get(`${API}/sanctum/csrf-cookie`, () => new HttpResponse(null, { status: 204 })),
    http.post(`${API}/login`, async ({ request }) => {
      const body = (await request.json()) as { email?: string };
      current = body.email === blake.email ? 'blake' : 'ada';
      return HttpResponse.json({ two_factor: false });
    }),
    http.post(`${API}/logout`, () => new HttpResponse(null, { status: 204 })),
    // The shell's preferences actor reads the user's settings at each sign-in.
    http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: { theme_color: null, timezone: 'UTC' } })),
    http.get(`${API}/api/v1/users/auth`, () => HttpResponse.json({ data: current === 'ada' ? adminUser : blake })),
    http.get(`${API}/api/v1/user/permissions`, () => HttpResponse.json(current === 'ada' ? permissionsFor('all') : permissionsFor(['Bots']))),
    http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(listBody([{ id: 1, name: 'Acme Support' }]))),
    // The Bots list's instance filter.
    http.get(`${API}/api/v1/instances/`, () => HttpResponse.json(listBody([]))),
    http.get(`${API}/api/v1/bots/`, async () => {
      if (current === 'ada') return HttpResponse.json(listBody([bot(1, 'Ada private bot')]));
      await delay(600);
      return HttpResponse.json(listBody([{ ...bot(7, 'Blake team bot'), account_id: 3 }]));
    }),
  );
}

/** The breadcrumb's link to the Bots list, once the (lazily loaded) edit page shows it. */
function sectionCrumb() {
  return waitFor(() => within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Bots' }), { timeout: 5000 });
}

/** Every piece of text that was ever in the document while watching (rows included). */
function watchText() {
  const seen = new Set<string>();
  const record = () => seen.add(document.body.textContent ?? '');
  const observer = new MutationObserver(record);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { everShown: (text: string) => [...seen].some((t) => t.includes(text)), stop: () => observer.disconnect() };
}

let stopWatching: (() => void) | undefined;
afterEach(() => stopWatching?.());

describe('one session lifecycle', () => {
  test('after sign-out, the next user of the tab never sees the previous user’s rows', async () => {
    twoUsers();
    const { portal } = mountPortal('/bots', { returning: true });
    const table = await screen.findByRole('table', { name: 'Bots' });
    await within(table).findByRole('link', { name: 'Open Ada private bot' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Ada Admin/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });

    const watch = watchText();
    stopWatching = watch.stop;
    await user.type(screen.getByLabelText('Email'), blake.email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Blake has one section, so sign-in lands on /bots; his slow list arrives in the end…
    await screen.findByRole('link', { name: 'Open Blake team bot' }, { timeout: 5000 });
    expect(portal.auth.getSnapshot().context.user?.email).toBe(blake.email);
    // …and Ada's rows were never on the page meanwhile.
    expect(watch.everShown('Ada private bot')).toBe(false);
    await waitFor(() => expect(screen.queryByText('Ada private bot')).toBeNull());
  }, 20_000);

  test('the next user of the tab gets links that carry nothing of the previous user’s list search', async () => {
    twoUsers();
    // Blake sees two sections here, so signing in lands him on the dashboard, not on the Bots list.
    mswServer.use(
      http.get(`${API}/api/v1/user/permissions`, async () => {
        const who = portalRef.portal?.auth.getSnapshot().context.user?.email;
        return HttpResponse.json(who === blake.email ? permissionsFor(['Bots', 'Agents']) : permissionsFor('all'));
      }),
      http.get(`${API}/api/v1/bots/:id`, ({ params }) => HttpResponse.json({ data: params.id === '7' ? { ...bot(7, 'Blake team bot'), account_id: 3 } : bot(1, 'Ada private bot') })),
    );
    const portalRef: { portal?: ReturnType<typeof mountPortal>['portal'] } = {};
    const mounted = mountPortal('/bots?search=ada-secret&page=1', { returning: true });
    portalRef.portal = mounted.portal;
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Open Ada private bot' });
    // A record's edit page has the section crumb (Bots › Edit) that leads back to the list.
    mounted.location.navigate('/bots/1/edit');
    const adaCrumb = await sectionCrumb();
    // Ada's own way back to her list keeps her search…
    expect(adaCrumb.getAttribute('href')).toContain('ada-secret');

    await user.click(screen.getByRole('button', { name: /Ada Admin/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    await user.type(screen.getByLabelText('Email'), blake.email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: /Welcome, Blake/ }, { timeout: 5000 });

    // …but Blake, opening a bot straight from the address bar, goes back to a plain list.
    mounted.location.navigate('/bots/7/edit');
    await screen.findByDisplayValue('Blake team bot', undefined, { timeout: 5000 });
    const crumb = await sectionCrumb();
    expect(crumb.getAttribute('href')).toBe('/bots');
    expect(document.body.innerHTML).not.toContain('ada-secret');
  }, 30_000);
});
