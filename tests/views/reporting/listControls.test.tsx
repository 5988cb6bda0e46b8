import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { accountsHandler, conversation, envelope, grades, statisticsRow } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

/** The reporting lists page and sort like the resource lists: one pagination, indicators on every sortable header. */
describe('reporting lists: common pagination and sort indicators', () => {
  test('conversations: page X of Y, previous/next, rows per page 10/25/50/100 in the URL; ↕/▼ with aria-sort', async () => {
    const requests: URL[] = [];
    mswServer.use(
      accountsHandler,
      // The conversations page's totals line.
      http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 45, minutes: 0, cost: 0, active: 0, average_grade: null, grade_score: null, grades, dispositions: [] } })),
      http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url);
        const page = Number(url.searchParams.get('page') ?? 1);
        return HttpResponse.json(envelope([conversation(page, 'A')], { current_page: page, last_page: 3, total: 45 }));
      }),
      ...signInHandlers(),
    );
    const { location } = mountPortal('/reporting/conversations', { returning: true });
    const here = () => location.history?.at(-1) ?? '';
    const pages = await screen.findByRole('navigation', { name: 'Conversation pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(here()).toBe('/reporting/conversations?page=2'));
    await screen.findByText('Page 2 of 3');

    const rows = within(pages).getByRole('combobox', { name: 'Rows per page' });
    expect(within(rows).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '15', '25', '50', '100']);
    await user.selectOptions(rows, '25');
    await waitFor(() => expect(new URLSearchParams(here().split('?')[1]).get('show')).toBe('25'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('show')).toBe('25'));

    const table = screen.getByRole('table', { name: 'Conversations' });
    const started = within(table).getByRole('columnheader', { name: 'Started' });
    expect(started).toHaveAttribute('aria-sort', 'descending');
    expect(within(started).getByText('▼')).toHaveAttribute('aria-hidden', 'true');
    const cost = within(table).getByRole('columnheader', { name: 'Cost' });
    expect(cost).toHaveAttribute('aria-sort', 'none');
    expect(within(cost).getByText('↕')).toBeInTheDocument();
    await user.click(within(cost).getByRole('button', { name: 'Cost' }));
    await waitFor(() => expect(within(screen.getByRole('columnheader', { name: 'Cost' })).getByText('▼')).toBeInTheDocument());
  }, 20_000);

  test('role statistics: the same pagination and indicators', async () => {
    mswServer.use(
      accountsHandler,
      http.get(`${API}/api/v1/reporting/roles`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json(envelope([statisticsRow(page, `Role ${page}`)], { current_page: page, last_page: 2, total: 20 }));
      }),
      ...signInHandlers(),
    );
    mountPortal('/reporting/roles', { returning: true });
    const pages = await screen.findByRole('navigation', { name: 'Role statistics pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeEnabled();
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(within(name).getByText('↕')).toBeInTheDocument();
    expect(within(screen.getByRole('columnheader', { name: 'Conversations' })).getByText('▼')).toBeInTheDocument();
  }, 20_000);
});
