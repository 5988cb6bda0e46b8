import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { accountsHandler, conversation, envelope, grades } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

/** Issue 29: on a phone the conversations list's filters fold behind one "Filters" button that says how many are active. */
describe('the conversations list: the Filters disclosure', () => {
  const phone = (matches: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query === '(max-width: 599px)', media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  afterEach(() => vi.unstubAllGlobals());

  const open = (path: string) => {
    const requests: URL[] = [];
    mswServer.use(
      accountsHandler,
      http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 2, minutes: 0, cost: 0, active: 0, average_grade: null, grade_score: null, grades, dispositions: [] } })),
      http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => (requests.push(new URL(request.url)), HttpResponse.json(envelope([conversation(1, 'A'), conversation(2, 'B')])))),
      // The review filters' one probe (a backend with evaluations).
      http.get(`${API}/api/v1/reporting/conversations/:id/evaluations`, () => HttpResponse.json({ data: [] })),
      ...signInHandlers(),
    );
    const mounted = mountPortal(path, { returning: true });
    return { ...mounted, requests, user: userEvent.setup() };
  };

  test('on a phone the filters start folded; the button opens them, counts each active filter and keeps a typed search when folded', async () => {
    phone(true);
    const { user, requests } = open('/reporting/conversations?channel=voice&grade=A&grade=B&from=2026-01-01');
    expect(await screen.findByText('2 conversations', {}, { timeout: 15_000 })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters (3 active)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded: the filters are out of the page's reading order, the rows are not.
    expect(screen.queryByRole('search', { name: 'Conversation filters' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Channel' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Conversations' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-controls', expect.stringMatching(/.+/));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('search', { name: 'Conversation filters' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(form);
    expect(within(form).getByRole('combobox', { name: 'Channel' })).toHaveValue('voice');

    // One more filter: the count follows the address.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[status]')).toBe('failed'));
    expect(await screen.findByRole('button', { name: 'Filters (4 active)' })).toBe(toggle);

    // Folding keeps what is being typed.
    await user.type(within(form).getByRole('searchbox', { name: 'Search' }), 'acme');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('acme');
  }, 40_000);

  test('wider than a phone the filters are open at first and fold on request; no filter: the button says only "Filters"', async () => {
    phone(false);
    const { user } = open('/reporting/conversations');
    expect(await screen.findByText('2 conversations', {}, { timeout: 15_000 })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Channel' })).toBeNull();
  }, 40_000);
});
