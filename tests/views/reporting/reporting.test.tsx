import { act } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, permissionsFor, signInHandlers, withoutReviewCalls } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { conversation as conversationFixture } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';
import { withLayoutSizes } from '../../support/layoutSizes';

withLayoutSizes();

const renderApp = (path: string) => mountPortal(path, { returning: true });

const grades = { A: 3, B: 2, C: 1, D: 0, F: 1 };
// The shared fixture, as these tests need it: no disposition, with a summary.
const conversation = (n: number, grade: string) => ({ ...conversationFixture(n, grade), disposition_label: null, summary: 'Billing question' });
const envelope = (data: unknown[], total = data.length) => ({
  data,
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: data.length, total },
});
const accounts = http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([])));
const globalStats = http.get(`${API}/api/v1/reporting/global`, () =>
  HttpResponse.json({ data: { conversations: 7, minutes: 1457.6, average_duration_seconds: 483.18, cost: 12.5, active: 0, average_grade: 'B', grade_score: 2.86, grades, dispositions: [{ id: 3, label: 'Booked', conversations: 2 }, { id: null, label: null, conversations: 5 }] } }),
);

describe('reporting pages', () => {
  test('overview: totals, charts with table alternatives and drilldowns, and reset fetches the figures again', async () => {
    mswServer.use(
      globalStats,
      accounts,
      http.get(`${API}/api/v1/reporting/global/active`, () => HttpResponse.json({ data: { count: 0, conversations: [] } })),
      http.get(`${API}/api/v1/reporting/global/timeseries`, () =>
        HttpResponse.json({ data: { interval: 'day', from: '2026-11-19', to: '2026-11-20', points: [{ date: '2026-11-19', conversations: 4, minutes: 20, cost: 1 }, { date: '2026-11-20', conversations: 3, minutes: 15, cost: 2 }] } }),
      ),
      http.get(`${API}/api/v1/reporting/global/roles/rankings`, () => HttpResponse.json({ data: [{ rank: 1, role_id: 2, name: 'Support', conversations: 7, grade_score: 2.86, average_grade: 'B' }] })),
      http.get(`${API}/api/v1/reporting/global/roles`, () => HttpResponse.json({ data: [{ id: 2, name: 'Support', account_id: 1, conversations: 7, minutes: 35, cost: 12.5, grade_score: 2.86, average_grade: 'B', grades, share: 1 }] })),
      ...signInHandlers(),
    );
    renderApp('/reporting');
    const panel = (await screen.findByRole('heading', { name: /Global statistics/ })).closest('section')!;
    await waitFor(() => expect(panel).toHaveTextContent('$12.50'));
    // Time reads as time (issue 26 item 8): not "Minutes 1,457.6" nor "Average duration (s) 483.18".
    const stat = (term: string) => within(panel).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(stat('Talk time')).toHaveTextContent('24 h 17 min');
    expect(stat('Average duration')).toHaveTextContent('8:03');
    expect(await screen.findByRole('img', { name: 'Conversations per day, 2026-11-19 to 2026-11-20: 2 days from 2026-11-19 to 2026-11-20; highest 4 (2026-11-19).' })).toBeInTheDocument();
    const table = screen.getByText('Conversations per day, 2026-11-19 to 2026-11-20 as a table').closest('details')!;
    expect(within(table).getByRole('row', { name: '2026-11-20 3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Conversations by grade: 5 bars from A to F; highest 3 (A).' })).toBeInTheDocument();
    // Drilldowns: each figure's table cell opens the filtered Conversations page.
    const byGrade = screen.getByText('Conversations by grade as a table').closest('details')!;
    expect(within(byGrade).getByRole('link', { name: '3' })).toHaveAttribute('href', '/reporting/conversations?grade=A');
    const byDisposition = screen.getByText('Conversations by disposition as a table').closest('details')!;
    expect(within(byDisposition).getByRole('link', { name: '2' })).toHaveAttribute('href', '/reporting/conversations?disposition=3');
    expect(within(byDisposition).getByRole('row', { name: 'No disposition 5' })).toBeInTheDocument();
    expect(screen.getByText('No conversation is in progress.')).toBeInTheDocument();
    const rankings = screen.getByText('Role rankings by grade score (A = 4 … F = 0) as a table').closest('details')!;
    expect(within(rankings).getByRole('row', { name: '1. Support (B) 2.86' })).toBeInTheDocument();

    // The roles table sorts by its columns; the order is in the URL.
    const rolesTable = screen.getByRole('table', { name: 'Share of conversations by role' });
    expect(within(rolesTable).getByRole('columnheader', { name: 'Conversations' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.setup().click(within(rolesTable).getByRole('button', { name: 'Cost' }));
    await waitFor(() => expect(within(rolesTable).getByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'descending'));

    // Reset: the figures are emptied and fetched again for the default range (not left blank).
    const globalCalls: string[] = [];
    mswServer.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/reporting/global') globalCalls.push(request.url);
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset filters and figures' }));
    await waitFor(() => expect(globalCalls).toHaveLength(1));
    await waitFor(() => expect(panel).toHaveTextContent('$12.50'));
    mswServer.events.removeAllListeners();
  }, 20_000);

  test('conversations: the URL drives the query; applying a grade filter changes the URL and the request', async () => {
    const requests: URL[] = [];
    mswServer.use(
      globalStats,
      accounts,
      http.get(`${API}/api/v1/reporting/conversations`, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url);
        const wanted = url.searchParams.getAll('grades[]');
        const rows = [conversation(1, 'A'), conversation(2, 'F')].filter((c) => wanted.length === 0 || wanted.includes(c.letter_grade));
        return HttpResponse.json(envelope(rows));
      }),
      ...signInHandlers(),
    );
    const { location } = renderApp('/reporting/conversations?channel=voice');
    await screen.findByText('2 conversations');
    expect(requests.at(-1)?.searchParams.get('filter[channel]')).toBe('voice');
    expect(screen.getAllByText('$1,234.50')).toHaveLength(2);

    const user = userEvent.setup();
    // Filters apply as they change (no Apply button): a grade chosen in the searchable multi-select.
    expect(screen.queryByRole('button', { name: 'Apply filters' })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Grades' }), 'f');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      const [path, query] = (location.history?.at(-1) ?? '').split('?');
      expect(path).toBe('/reporting/conversations');
      const params = new URLSearchParams(query);
      expect(params.getAll('grade')).toEqual(['F']);
      expect(params.get('channel')).toBe('voice');
    });
    await screen.findByText('1 conversations');
    expect(requests.at(-1)?.searchParams.getAll('grades[]')).toEqual(['F']);
    expect(within(screen.getByRole('list', { name: 'Chosen grades' })).getByText('Grade F')).toBeInTheDocument();
    // Dispositions: a searchable multi-select; the list's URL follows.
    await user.type(screen.getByRole('combobox', { name: 'Dispositions' }), 'boo');
    await user.click(screen.getByRole('option', { name: /Booked/ }));
    await waitFor(() => expect(new URLSearchParams((location.history?.at(-1) ?? '').split('?')[1]).getAll('disposition')).toEqual(['3']));
    await waitFor(() => expect(requests.at(-1)?.searchParams.getAll('dispositions[]')).toEqual(['3']));
    // Rows per page is the URL's `show`.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('show')).toBe('50'));
  }, 20_000);

  test('conversation page: one header, the recording beside its transcript (m:ss and SPEC §9 seconds), tabs from the URL', async () => {
    const transcript = [
      { position: 1, role: 'bot', text: 'Hello there', time: '0:00:00.5' },
      { position: 2, role: 'user', text: '<b>not html</b>', time: '0:00:07' },
      { position: 3, role: 'bot', text: 'How can I help?', time: '0:01:05.5' },
    ];
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: transcript })),
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () =>
        HttpResponse.json({ data: [{ uuid: 'r1', label: 'Call recording', has_audio: true, duration_seconds: 70, created_at: '2026-11-20T10:05:00Z', url: `${API}/audio.wav`, audio_seconds: 70, mime_type: 'audio/wav', generated: true }] }),
      ),
      http.get(`${API}/audio.wav`, () => new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } })),
      http.get(`${API}/api/v1/reporting/conversations/:id/quotes`, () => HttpResponse.json({ data: [{ uuid: 'q-1', role: 'user', text: 'not html', time: '0:00:07', sentiment: 'neutral' }] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: { ...conversation(1, 'A'), contact_name: 'Harper Tanaka', disposition_label: 'Booked' } })),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations/00000000-0000-4000-8000-000000000001/quotes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call with Harper Tanaka' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Disposition').nextSibling).toHaveTextContent('Booked');
    const lines = await screen.findByRole('list', { name: 'Transcript lines' });
    const third = within(lines).getByRole('button', { name: /How can I help/ });
    expect(third).toHaveTextContent('1:05');
    expect(third).toHaveTextContent('65.50 s');
    expect(within(lines).getByText('<b>not html</b>')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByText(/synthesises the transcript as speech/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download transcript (text)' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Report tabs' });
    expect(within(tabs).getByRole('link', { name: 'Quotes' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).queryByRole('link', { name: 'Transcript' })).toBeNull();
    expect(await screen.findByText('Quote q-1')).toBeInTheDocument();
    expect(screen.getByText('Caller at 0:07 (7.00 s), neutral')).toBeInTheDocument();
  });

  test('a caller number outside the SPEC §5 cases takes the "elsewhere" format: two digits, three in brackets, three, four', async () => {
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: { ...conversation(1, 'A'), phone_number: '+44 7911 123456' } })),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations/1');
    expect(await screen.findByRole('heading', { name: 'Call with 44 (791) 112 3456', level: 1 })).toBeInTheDocument();
    const details = (await screen.findByText('Phone number')).closest('dl')!;
    expect(details).toHaveTextContent('44 (791) 112 3456');
  });

  test('a conversation as another backend sends it (numeric strings, a loaded role, no nulls, extra keys) renders whole', async () => {
    const laravel = { ...conversation(1, 'B'), id: '1', role_id: { id: 2, name: 'Support' }, duration_seconds: '300.00', cost: '1234.50', ended_at: undefined, backend_extra: { x: 1 } };
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [{ position: '1', role: 'bot', text: 'Hello there', time: '0:00:01' }] })),
      http.get(`${API}/api/v1/reporting/conversations/:id/usage-summary`, () => HttpResponse.json({ data: { total_cost: '0.42', lines: [{ item: 'Speech', quantity: '3', unit: 'min', unit_cost: '0.14', cost: '0.42' }] } })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: laravel })),
      ...withoutReviewCalls(),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations/1/usage-summary');
    expect(await screen.findByRole('heading', { name: 'Call with +1 (555) 555-0100', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/API Error/)).toBeNull();
    expect(await screen.findByRole('button', { name: /Hello there/ })).toBeInTheDocument();
    const usage = await screen.findByRole('table');
    expect(within(usage).getByRole('row', { name: /Speech/ })).toHaveTextContent('$0.42');
    expect(screen.getAllByText('5:00').length).toBeGreaterThan(0);
  });

  test('a recording listed as a Laravel resource sends it (url, no has_audio) plays: its audio is fetched with the session, by HTTP Range', async () => {
    const ranges: (string | null)[] = [];
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () =>
        HttpResponse.json({ data: [{ uuid: 'r3', url: `${API}/api/v1/recordings/r3/audio`, duration: 70, mime_type: 'audio/wav', created_at: '2026-11-20T10:05:00.000000Z' }] }),
      ),
      http.get(`${API}/api/v1/recordings/r3/audio`, ({ request }) => {
        ranges.push(request.headers.get('range'));
        return new HttpResponse(new Uint8Array([82, 73, 70, 70]), { status: 206, headers: { 'content-type': 'audio/wav', 'content-range': 'bytes 0-3/4' } });
      }),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [{ position: 1, role: 'bot', text: 'Hello there', time: '0:00:01' }] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: conversation(1, 'A') })),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations/1');
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.queryByText(/no longer kept/)).toBeNull();
    await waitFor(() => expect(ranges).toEqual([`bytes=0-${4 * 1024 * 1024 - 1}`]));
  });

  test('conversation page: a recording without audio says so; the transcript still shows', async () => {
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () =>
        HttpResponse.json({ data: [{ uuid: 'r2', label: 'Transfer leg', has_audio: false, duration_seconds: 60, created_at: '2026-11-20T10:05:00Z', url: null }] }),
      ),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [{ position: 1, role: 'bot', text: 'Hello there', time: '0:00:01' }] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: conversation(1, 'A') })),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations/1/recordings');
    expect(await screen.findByText('Transfer leg: the audio of this recording is no longer kept.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Hello there/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    // The old tab URL opens the page on its first tab.
    expect(within(screen.getByRole('navigation', { name: 'Report tabs' })).getByRole('link', { name: 'Details' })).toHaveAttribute('aria-current', 'page');
  });

  test('a conversation the server will not show: one alert (SPEC §8 "Record Not Found"), no player or transcript', async () => {
    const notFound = () => HttpResponse.json({ message: 'Conversation not found.' }, { status: 404 });
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, notFound),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, notFound),
      http.get(`${API}/api/v1/reporting/conversations/:id`, notFound),
      ...signInHandlers(),
    );
    renderApp('/reporting/conversations/42');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Record Not Found');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Transcript' })).toBeNull();
  });

  test('usage-summary and data tabs are gated by UsageSummaries and Call-Data read', async () => {
    const asked: string[] = [];
    mswServer.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: conversation(1, 'A') })),
      ...signInHandlers({ permissions: permissionsFor(['Reporting', 'Recordings', 'Transcripts']) }),
    );
    renderApp('/reporting/conversations/1/usage-summary');
    expect(await screen.findByText('You do not have access to the “usage-summary” tab.')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Report tabs' });
    expect(within(tabs).getByRole('link', { name: 'Log' })).toBeInTheDocument();
    for (const name of ['Usage', 'Data']) expect(within(tabs).queryByRole('link', { name })).not.toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('/api/v1/reporting/conversations/1'));
    expect(asked.filter((p) => p.endsWith('/usage-summary') || p.endsWith('/data'))).toEqual([]);
    mswServer.events.removeAllListeners();
  });

  test('recordings and transcript are gated by Recordings and Transcripts read: never requested, said plainly', async () => {
    const asked: string[] = [];
    mswServer.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [{ position: 1, role: 'bot', text: 'Hello there', time: '0:00:01' }] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: conversation(1, 'A') })),
      ...signInHandlers({ permissions: permissionsFor(['Reporting', 'Transcripts']) }),
    );
    renderApp('/reporting/conversations/1');
    expect(await screen.findByText('You do not have access to this conversation’s recordings.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Hello there/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(asked.filter((p) => p.endsWith('/recordings'))).toEqual([]);
    mswServer.events.removeAllListeners();
  });

  test('the old recordings and transcript URLs say access is denied to a user without their models, and request nothing of them', async () => {
    const asked: string[] = [];
    mswServer.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: conversation(1, 'A') })),
      ...signInHandlers({ permissions: permissionsFor(['Reporting']) }),
    );
    const { location } = renderApp('/reporting/conversations/1/recordings');
    expect(await screen.findByText('You do not have access to the “recordings” tab.')).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this conversation’s recording or transcript.')).toBeInTheDocument();
    act(() => location.navigate('/reporting/conversations/1/transcript'));
    expect(await screen.findByText('You do not have access to the “transcript” tab.')).toBeInTheDocument();
    expect(asked.filter((p) => p.endsWith('/recordings') || p.endsWith('/transcript'))).toEqual([]);
    mswServer.events.removeAllListeners();
  });

  test('without Transcripts read: no transcript requested, no transcript export', async () => {
    const asked: string[] = [];
    mswServer.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    mswServer.use(
      accounts,
      http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: conversation(1, 'A') })),
      ...signInHandlers({ permissions: permissionsFor(['Reporting', 'Recordings']) }),
    );
    renderApp('/reporting/conversations/1');
    expect(await screen.findByText('You do not have access to this conversation’s transcript.')).toBeInTheDocument();
    expect(screen.getByText('This conversation has no recording.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download transcript (text)' })).toBeNull();
    expect(asked.filter((p) => p.endsWith('/transcript'))).toEqual([]);
    // Quotes are transcript lines: no tab for them either (the reference API answers 403).
    const tabs = screen.getByRole('navigation', { name: 'Report tabs' });
    expect(within(tabs).queryByRole('link', { name: 'Quotes' })).toBeNull();
    mswServer.events.removeAllListeners();
  });
});
