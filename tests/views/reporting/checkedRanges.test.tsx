import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { accountsHandler, conversation, envelope, grades, requestLog, serverError, statisticsRow } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';

/** Issue 26 item 8: a range that cannot be asked for is refused in the form; an error shows no rows of another range. */
describe('reporting date ranges are checked before any request', () => {
  const instances = (log: ReturnType<typeof requestLog>) =>
    http.get(`${API}/api/v1/reporting/instances`, ({ request }) => {
      log.record(request);
      return HttpResponse.json(envelope([statisticsRow(5, 'Main line')]));
    });

  test('a From after its To is refused under the box just changed; what was typed stays; a corrected range applies', async () => {
    const log = requestLog();
    mswServer.use(accountsHandler, instances(log), ...signInHandlers());
    mountPortal('/reporting/instances?from=2026-11-20', { returning: true });
    await screen.findByRole('table', { name: 'Instance statistics' }, { timeout: 10000 });
    const asked = log.urls.length;

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    const to = screen.getByLabelText('To');
    expect(await screen.findByRole('alert')).toHaveTextContent('To must be on or after From (20 Nov 2026).');
    expect(to).toHaveValue('2026-11-01');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('To must be on or after From (20 Nov 2026).');
    expect(log.urls.length).toBe(asked);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-25' } });
    await waitFor(() => expect(log.last()?.searchParams.get('to')).toBe('2026-11-25'));
    expect(log.last()?.searchParams.get('from')).toBe('2026-11-20');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 20_000);

  test('a day out of bounds is refused with the days reporting accepts', async () => {
    const log = requestLog();
    mswServer.use(accountsHandler, instances(log), ...signInHandlers());
    mountPortal('/reporting/instances', { returning: true });
    await screen.findByRole('table', { name: 'Instance statistics' }, { timeout: 10000 });
    const asked = log.urls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '1999-12-31' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a day from 1 Jan 2000 to 31 Dec 2100.');
    expect(screen.getByLabelText('From')).toHaveValue('1999-12-31');
    expect(log.urls.length).toBe(asked);
  }, 20_000);

  test('the conversations list refuses a From after its To too', async () => {
    const log = requestLog();
    mswServer.use(
      accountsHandler,
      http.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 1, minutes: 0, cost: 0, active: 0, average_grade: null, grade_score: null, grades, dispositions: [] } })),
      http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
        log.record(request);
        return HttpResponse.json(envelope([conversation(1, 'A')]));
      }),
      ...signInHandlers(),
    );
    mountPortal('/reporting/conversations?to=2026-11-01', { returning: true });
    await screen.findByRole('table', { name: 'Conversations' }, { timeout: 10000 });
    const asked = log.urls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05' } });
    expect(await screen.findByText('From must be on or before To (1 Nov 2026).')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-05');
    expect(log.urls.length).toBe(asked);
  }, 20_000);

  test('a new range that fails shows its error, not the rows of the range before', async () => {
    mswServer.use(
      accountsHandler,
      http.get(`${API}/api/v1/reporting/instances`, ({ request }) =>
        new URL(request.url).searchParams.get('from') ? serverError('Statistics are being rebuilt.') : HttpResponse.json(envelope([statisticsRow(5, 'Main line')])),
      ),
      ...signInHandlers(),
    );
    mountPortal('/reporting/instances', { returning: true });
    const table = await screen.findByRole('table', { name: 'Instance statistics' }, { timeout: 10000 });
    expect(within(table).getByRole('link', { name: 'Main line' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Statistics are being rebuilt.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Instance statistics' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Main line' })).toBeNull();
  }, 20_000);
});
