import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API } from '../../support/apiFixtures';
import { renderPortal } from '../../support/renderPortal';
import { listBody } from '../../support/resourceFixtures';

// 20:30 UTC on Mon 4 Mar 2024: Tue 5 Mar 05:30 in Tokyo, Mon 4 Mar 12:30 in Los Angeles.
const received = '2024-03-04T20:30:00Z';
const feedbackRow = { id: 7, account_id: 1, rating: 4, comment: 'Quick answer', status: 'new', conversation_uuid: null, created_at: received, updated_at: received };

/** The time the Received cell shows, and the full date and time its tooltip gives. */
function receivedCell() {
  const time = document.querySelector(`table time[datetime="${new Date(received).toISOString()}"]`);
  return { short: time?.textContent, exact: time && document.getElementById(time.getAttribute('aria-describedby')!)?.textContent };
}

describe('Settings › Time zone: every displayed time follows it (issue 26)', () => {
  test('a list shows times in the saved zone from the start, and in the new zone once another is saved', { timeout: 60_000 }, async () => {
    let zone = 'Asia/Tokyo';
    const { location } = await renderPortal('/feedback', {
      handlers: [
        http.get(`${API}/api/v1/feedback/`, () => HttpResponse.json(listBody([feedbackRow]))),
        http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: { theme_color: '#4f46e5', timezone: zone, notifications: { product_updates: true, weekly_summary: false } } })),
        http.post(`${API}/api/v1/user/settings`, async ({ request }) => {
          const body = (await request.json()) as { timezone: string };
          zone = body.timezone;
          return HttpResponse.json({ data: body });
        }),
      ],
    });
    await screen.findByRole('table', {}, { timeout: 30_000 });
    // The machine runs in UTC (Mar 4); the user's zone says Mar 5.
    await waitFor(() => expect(receivedCell().exact).toBe('Tue, Mar 5, 2024, 5:30 AM'));
    expect(receivedCell().short).toBe('Mar 5, 2024');

    act(() => location.navigate('/settings'));
    const settings = await screen.findByRole('region', { name: 'Account settings' });
    const select = await within(settings).findByLabelText('Time zone');
    expect(select).toHaveValue('Asia/Tokyo');
    // The list is searchable, with offsets; UTC stays choosable.
    fireEvent.change(within(settings).getByLabelText('Find a time zone'), { target: { value: 'los angeles' } });
    expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['Asia/Tokyo', 'America/Los_Angeles']);
    expect(within(select).getByRole('option', { name: /^\(UTC-0[78]:00\) America\/Los Angeles$/ })).toBeInTheDocument();
    fireEvent.change(within(settings).getByLabelText('Find a time zone'), { target: { value: 'utc' } });
    expect(within(select).getByRole('option', { name: '(UTC+00:00) UTC' })).toBeInTheDocument();
    fireEvent.change(within(settings).getByLabelText('Find a time zone'), { target: { value: 'los angeles' } });
    fireEvent.change(select, { target: { value: 'America/Los_Angeles' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByRole('status')).toHaveTextContent('Your settings have been saved.');

    act(() => location.navigate('/feedback'));
    await screen.findByRole('table', {}, { timeout: 30_000 });
    await waitFor(() => expect(receivedCell().exact).toBe('Mon, Mar 4, 2024, 12:30 PM'));
    expect(receivedCell().short).toBe('Mar 4, 2024');
  });
});
