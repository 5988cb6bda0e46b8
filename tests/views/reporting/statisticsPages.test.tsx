import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { accountsHandler, breakdownPayload, conversation, envelope, grades, requestLog, serverError, statisticsRow } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

const renderApp = (path: string) => mountPortal(path, { returning: true });

/** The one alert on the page: SPEC §8's summary, then the server's text. */
async function expectFailure(summary: string, message: string) {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(summary)).toBeInTheDocument();
  expect(within(alert).getByText(message)).toBeInTheDocument();
}

/** The `<details>` table that stands in for a chart, found by its summary text. */
const chartTable = (title: string) => screen.getByText(`${title} as a table`).closest('details')!;

describe('role and instance statistics', () => {
  test('roles: one row per role with SPEC formats, a link to its breakdown, and searching changes the request', async () => {
    const log = requestLog();
    mswServer.use(
      accountsHandler,
      http.get(`${API}/api/v1/reporting/roles`, ({ request }) => {
        const search = log.record(request).searchParams.get('search');
        const rows = [statisticsRow(2, 'Support'), statisticsRow(3, 'Sales', { conversations: 7, minutes: 35, cost: 12.5, grade_score: null, average_grade: null })];
        return HttpResponse.json(envelope(rows.filter((r) => !search || r.name.includes(search))));
      }),
      ...signInHandlers(),
    );
    renderApp('/reporting/roles');
    const table = await screen.findByRole('table', { name: 'Role statistics' }, { timeout: 10000 });
    // Under "All accounts" the last cell is the row's account (here by id: no account names are served).
    expect(within(table).getByRole('row', { name: 'Support 1,234 94 h 38 min $1,234.50 2.86 B 3 / 2 / 1 / 0 / 1 #1' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Sales 7 35 min $12.50 — No grade 3 / 2 / 1 / 0 / 1 #1' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/reporting/roles/breakdown?id=2');
    expect(within(table).getByRole('columnheader', { name: 'Conversations' })).toHaveAttribute('aria-sort', 'descending');
    expect(log.last()?.searchParams.get('sort')).toBe('-conversations');
    expect(log.last()?.searchParams.get('page')).toBe('1');
    expect(log.last()?.searchParams.has('search')).toBe(false);

    const user = userEvent.setup();
    // The search applies as you type (after a 300 ms pause): no Search button.
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'Sal');
    await waitFor(() => expect(log.last()?.searchParams.get('search')).toBe('Sal'));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Support' })).not.toBeInTheDocument());
    expect(within(table).getByRole('link', { name: 'Sales' })).toBeInTheDocument();
  }, 20_000);

  test('roles: a failed load shows “Error Loading Roles” and the server’s message', async () => {
    mswServer.use(accountsHandler, http.get(`${API}/api/v1/reporting/roles`, () => serverError('Statistics are being rebuilt.')), ...signInHandlers());
    renderApp('/reporting/roles');
    await expectFailure('Error Loading Roles', 'Statistics are being rebuilt.');
    expect(screen.queryByRole('table', { name: 'Role statistics' })).not.toBeInTheDocument();
  });

  test('instances: rows in SPEC formats; applying dates and sorting change the request', async () => {
    const log = requestLog();
    mswServer.use(
      accountsHandler,
      http.get(`${API}/api/v1/reporting/instances`, ({ request }) => {
        log.record(request);
        return HttpResponse.json(envelope([statisticsRow(5, 'Main line')]));
      }),
      ...signInHandlers(),
    );
    renderApp('/reporting/instances');
    const table = await screen.findByRole('table', { name: 'Instance statistics' });
    expect(within(table).getByRole('row', { name: 'Main line 1,234 94 h 38 min $1,234.50 2.86 B 3 / 2 / 1 / 0 / 1 #1' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Main line' })).toHaveAttribute('href', '/reporting/instances/breakdown?id=5');
    expect(log.last()?.searchParams.has('from')).toBe(false);

    // The date inputs offer only the days the API accepts (2000-01-01..2100-12-31).
    expect(screen.getByLabelText('From')).toHaveAttribute('min', '2000-01-01');
    expect(screen.getByLabelText('To')).toHaveAttribute('max', '2100-12-31');
    const user = userEvent.setup();
    // Dates apply as they are picked: no Apply button.
    expect(screen.queryByRole('button', { name: 'Apply dates' })).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(log.last()?.searchParams.get('from')).toBe('2026-11-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(log.last()?.searchParams.get('to')).toBe('2026-11-20'));
    expect(log.last()?.searchParams.get('from')).toBe('2026-11-01');

    await user.click(screen.getByRole('button', { name: 'Cost' }));
    await waitFor(() => expect(log.last()?.searchParams.get('sort')).toBe('-cost'));
    expect(log.last()?.searchParams.get('from')).toBe('2026-11-01');
    expect(await screen.findByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'descending');
  }, 20_000);

  test('instances: a failed load shows “Error Loading Instances” and the server’s message', async () => {
    mswServer.use(accountsHandler, http.get(`${API}/api/v1/reporting/instances`, () => serverError('Instances are unavailable.')), ...signInHandlers());
    renderApp('/reporting/instances');
    await expectFailure('Error Loading Instances', 'Instances are unavailable.');
  });
});

describe('role and instance breakdowns', () => {
  const listHandler = (entity: 'roles' | 'instances', log: ReturnType<typeof requestLog>, names: [number, string][]) =>
    http.get(`${API}/api/v1/reporting/${entity}`, ({ request }) => {
      log.record(request);
      return HttpResponse.json(envelope(names.map(([id, name]) => statisticsRow(id, name))));
    });

  test('role breakdown: totals, charts with table alternatives, dispositions and channels; choosing a role loads it', async () => {
    const lists = requestLog();
    const breakdowns = requestLog();
    mswServer.use(
      accountsHandler,
      listHandler('roles', lists, [[2, 'Support'], [3, 'Sales']]),
      http.get(`${API}/api/v1/reporting/roles/:id`, ({ request, params }) => {
        breakdowns.record(request);
        return HttpResponse.json(breakdownPayload('role', Number(params.id), params.id === '3' ? 'Sales' : 'Support'));
      }),
      ...signInHandlers(),
    );
    renderApp('/reporting/roles/breakdown?id=2&from=2026-11-01&to=2026-11-20');
    expect(await screen.findByRole('heading', { name: 'Support', level: 2 })).toBeInTheDocument();
    expect(breakdowns.last()?.pathname).toBe('/api/v1/reporting/roles/2');
    expect(breakdowns.last()?.searchParams.get('from')).toBe('2026-11-01');
    expect(breakdowns.last()?.searchParams.get('to')).toBe('2026-11-20');
    expect(lists.last()?.searchParams.get('show')).toBe('100');

    const stat = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(stat('Conversations')).toHaveTextContent('1,234');
    expect(stat('Talk time')).toHaveTextContent('56 min 30 s');
    expect(stat('Cost')).toHaveTextContent('$1,234.50');
    expect(stat('Average grade')).toHaveTextContent('B');

    expect(screen.getByRole('img', { name: 'Conversations per day: 2 days from 2026-11-19 to 2026-11-20; highest 4 (2026-11-19).' })).toBeInTheDocument();
    expect(within(chartTable('Conversations per day')).getByRole('row', { name: '2026-11-20 3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Conversations by grade: 5 bars from A to F; highest 3 (A).' })).toBeInTheDocument();
    expect(within(chartTable('Conversations by grade')).getByRole('row', { name: 'F 1' })).toBeInTheDocument();
    expect(within(chartTable('Conversations by disposition')).getByRole('row', { name: 'Booked 2' })).toBeInTheDocument();
    expect(within(chartTable('Conversations by disposition')).getByRole('row', { name: 'No disposition 5' })).toBeInTheDocument();
    // Drilldowns open the Conversations page filtered to this role, range and figure.
    const gradeF = new URLSearchParams(within(within(chartTable('Conversations by grade')).getByRole('row', { name: 'F 1' })).getByRole('link').getAttribute('href')!.split('?')[1]);
    expect(Object.fromEntries(gradeF)).toEqual({ from: '2026-11-01', to: '2026-11-20', role_id: '2', grade: 'F' });
    const channel = screen.getByRole('link', { name: 'voice: 7 conversations' });
    expect(new URLSearchParams(channel.getAttribute('href')!.split('?')[1]).get('role_id')).toBe('2');

    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Sales' })).toBeInTheDocument());
    await user.selectOptions(select, 'Sales');
    expect(await screen.findByRole('heading', { name: 'Sales', level: 2 })).toBeInTheDocument();
    expect(breakdowns.last()?.pathname).toBe('/api/v1/reporting/roles/3');
    expect(breakdowns.last()?.searchParams.get('from')).toBe('2026-11-01');
  }, 20_000);

  test('role breakdown: a failed load shows “Error Loading Role” and the server’s message', async () => {
    mswServer.use(
      accountsHandler,
      listHandler('roles', requestLog(), [[2, 'Support']]),
      http.get(`${API}/api/v1/reporting/roles/:id`, () => serverError('Breakdown failed to compute.')),
      ...signInHandlers(),
    );
    renderApp('/reporting/roles/breakdown?id=2');
    await expectFailure('Error Loading Role', 'Breakdown failed to compute.');
  });

  test('instance breakdown: nothing is loaded until an instance is chosen; choosing one loads its figures', async () => {
    const breakdowns = requestLog();
    mswServer.use(
      accountsHandler,
      listHandler('instances', requestLog(), [[5, 'Main line']]),
      http.get(`${API}/api/v1/reporting/instances/:id`, ({ request }) => {
        breakdowns.record(request);
        return HttpResponse.json(breakdownPayload('instance', 5, 'Main line'));
      }),
      ...signInHandlers(),
    );
    renderApp('/reporting/instances/breakdown');
    expect(await screen.findByText(/^Choose an? instance to see its breakdown\.$/)).toBeInTheDocument();
    expect(breakdowns.urls).toHaveLength(0);

    const select = screen.getByRole('combobox', { name: 'Instance' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Main line' })).toBeInTheDocument());
    await userEvent.setup().selectOptions(select, 'Main line');
    expect(await screen.findByRole('heading', { name: 'Main line', level: 2 })).toBeInTheDocument();
    expect(breakdowns.last()?.pathname).toBe('/api/v1/reporting/instances/5');
    expect(screen.getByText('Cost', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$1,234.50');
    expect(within(chartTable('Conversations per day')).getByRole('row', { name: '2026-11-19 4' })).toBeInTheDocument();
    const channel = screen.getByRole('link', { name: 'voice: 7 conversations' });
    expect(new URLSearchParams(channel.getAttribute('href')!.split('?')[1]).get('instance_id')).toBe('5');
  });

  test('instance breakdown: a failed load shows “Error Loading Record” and the server’s message', async () => {
    mswServer.use(
      accountsHandler,
      listHandler('instances', requestLog(), [[5, 'Main line']]),
      http.get(`${API}/api/v1/reporting/instances/:id`, () => serverError('Instance statistics are unavailable.')),
      ...signInHandlers(),
    );
    renderApp('/reporting/instances/breakdown?id=5');
    await expectFailure('Error Loading Record', 'Instance statistics are unavailable.');
  });
});

describe('conversations by instance grade and by disposition', () => {
  const globalHandler = (dispositions: unknown[] = []) =>
    http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 1241, minutes: 35, cost: 12.5, grades: { ...grades, A: 1234 }, dispositions } }));

  test('by instance grade: the matrix in SPEC number format; choosing a cell lists that instance’s grade', async () => {
    const byGrade = requestLog();
    mswServer.use(
      accountsHandler,
      globalHandler(),
      http.get(`${API}/api/v1/reporting/instances`, () => HttpResponse.json(envelope([statisticsRow(5, 'Main line')]))),
      http.get(`${API}/api/v1/reporting/grades/conversations/`, ({ request }) => {
        byGrade.record(request);
        return HttpResponse.json(envelope([conversation(1, 'B'), conversation(2, 'B')]));
      }),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations-by-instance-grade');
    const matrix = await screen.findByRole('table', { name: /Conversations per instance and letter grade/ });
    // Each row's cells, A to F, as shown (the links' names say more, so read the cells' text).
    const cells = (instance: string) => within(within(matrix).getByRole('rowheader', { name: instance }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    await waitFor(() => expect(cells('All instances')).toEqual(['1,234', '2', '1', '0', '1']));
    expect(cells('Main line')).toEqual(['3', '2', '1', '0', '1']);
    expect(within(matrix).getByRole('link', { name: '1,234 grade A conversations across all instances' })).toBeInTheDocument();
    expect(byGrade.urls).toHaveLength(0);

    await userEvent.setup().click(within(matrix).getByRole('link', { name: '2 grade B conversations' }));
    const panel = await screen.findByRole('region', { name: 'Grade B conversations on Main line' });
    await waitFor(() => expect(within(panel).getAllByText('$1,234.50')).toHaveLength(2));
    // The results were revealed: focus is on their heading, and the name is not repeated by the table.
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Grade B conversations on Main line' })).toHaveFocus());
    expect(within(panel).getByRole('table', { name: 'Grade B conversations on Main line' })).toBeInTheDocument();
    expect(screen.getAllByText('Grade B conversations on Main line')).toHaveLength(1);
    expect(byGrade.last()?.searchParams.getAll('letter_grade[]')).toEqual(['B']);
    expect(byGrade.last()?.searchParams.get('filter[instance_id]')).toBe('5');
    expect(within(matrix).getByRole('link', { name: '2 grade B conversations' })).toHaveAttribute('aria-current', 'true');
  }, 20_000);

  test('by instance grade: a failed instances load shows “Error Loading Instances” and the server’s message', async () => {
    mswServer.use(accountsHandler, globalHandler(), http.get(`${API}/api/v1/reporting/instances`, () => serverError('Instances are unavailable.')), ...signInHandlers());
    renderApp('/reporting/conversations-by-instance-grade');
    await expectFailure('Error Loading Instances', 'Instances are unavailable.');
  });

  test('by disposition: counts as a chart with a table alternative; choosing a disposition lists its conversations', async () => {
    const byDisposition = requestLog();
    mswServer.use(
      accountsHandler,
      globalHandler([{ id: 3, label: 'Booked', conversations: 1234 }, { id: 4, label: 'Callback', conversations: 2 }, { id: null, label: null, conversations: 5 }]),
      http.get(`${API}/api/v1/reporting/dispositions/conversations/`, ({ request }) => {
        byDisposition.record(request);
        return HttpResponse.json(envelope([conversation(1, 'A')]));
      }),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations-by-disposition');
    expect(await screen.findByRole('img', { name: 'Conversations per disposition: 3 bars from Booked to No disposition; highest 1,234 (Booked).' })).toBeInTheDocument();
    expect(within(chartTable('Conversations per disposition')).getByRole('row', { name: 'Booked 1,234' })).toBeInTheDocument();
    expect(within(chartTable('Conversations per disposition')).getByRole('row', { name: 'No disposition 5' })).toBeInTheDocument();
    expect(within(chartTable('Conversations per disposition')).getByRole('link', { name: '1,234' })).toHaveAttribute('href', '/reporting/conversations-by-disposition?disposition=3');
    expect(screen.queryByRole('link', { name: 'No disposition' })).not.toBeInTheDocument();
    expect(byDisposition.urls).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Callback' }));
    const panel = await screen.findByRole('region', { name: 'Conversations with Callback' });
    expect(await within(panel).findByText('$1,234.50')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Conversations with Callback' })).toHaveFocus());
    expect(byDisposition.last()?.searchParams.getAll('ids[]')).toEqual(['4']);
    expect(byDisposition.last()?.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('link', { name: 'Callback' })).toHaveAttribute('aria-current', 'true');
  }, 20_000);

  test('by disposition: a failed load shows “Error Loading Dispositions” and the server’s message', async () => {
    mswServer.use(accountsHandler, http.get(`${API}/api/v1/reporting/global`, () => serverError('Dispositions are unavailable.')), ...signInHandlers());
    renderApp('/reporting/conversations-by-disposition');
    await expectFailure('Error Loading Dispositions', 'Dispositions are unavailable.');
  });
});
