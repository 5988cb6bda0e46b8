import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { API, permissionsFor, signInHandlers, withoutReviewCalls } from '../../support/apiFixtures';
import { mountPortal } from '../../support/mountPortal';
import { conversation } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';
import { withLayoutSizes } from '../../support/layoutSizes';

withLayoutSizes();

/** Live watch on the portal's side (docs/live-watch.md); the stream itself: tests/e2e/liveWatch.test.ts. */

const envelope = (data: unknown[]) => ({
  data,
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: data.length, total: data.length },
});
const live = { ...conversation(1, 'A'), channel: 'chat', status: 'active', ended_at: null, letter_grade: null };
const supervisor = { data: { ...permissionsFor('all').data, 'Live-Watch': { browse: false, read: true, edit: false, add: false, delete: false, level: 1 } } };

function conversationPage(liveCall: () => Response) {
  const asked: string[] = [];
  mswServer.use(
    ...withoutReviewCalls(),
    http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([]))),
    http.get(`${API}/api/v1/reporting/conversations/:id/live`, ({ params }) => {
      asked.push(String(params.id));
      return liveCall();
    }),
    http.get(`${API}/api/v1/reporting/conversations/:id/recordings`, () => HttpResponse.json({ data: [] })),
    http.get(`${API}/api/v1/reporting/conversations/:id/transcript`, () => HttpResponse.json({ data: [{ position: 1, role: 'bot', text: 'Hello there', time: '0:00:01' }] })),
    http.get(`${API}/api/v1/reporting/conversations/:id`, () => HttpResponse.json({ data: live })),
  );
  return asked;
}

describe('live chats and calls in reporting', () => {
  test('the conversations list marks a live chat "Live" in words (its link says so too); a finished one is not marked', async () => {
    mswServer.use(
      http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([]))),
      http.get(`${API}/api/v1/reporting/conversations`, () => HttpResponse.json(envelope([live, { ...conversation(2, 'B'), channel: 'voice' }]))),
      ...signInHandlers(),
    );
    mountPortal('/reporting/conversations', { returning: true });
    // The list's first paint waits for the reporting area's chunk: generous under a loaded machine.
    const table = await screen.findByRole('table', { name: /conversations/i }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Live')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: /^Chat inbound, live, started/ })).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Live')).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: /^Call inbound, started/ })).toBeInTheDocument();
  }, 20_000);

  test('a backend without the live-watch call (404) leaves the page as it is with one quiet note', async () => {
    const asked = conversationPage(() => HttpResponse.json({ message: 'Not Found' }, { status: 404 }));
    mswServer.use(...signInHandlers({ permissions: supervisor }));
    mountPortal(`/reporting/conversations/${live.uuid}`, { returning: true });
    expect(await screen.findByText('Live watching is not available from this server.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked).toEqual([live.uuid]);
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Watching live' })).toBeNull();
  }, 20_000);

  test('the API refusing (403) says so in one sentence; a user without Live-Watch never asks', async () => {
    conversationPage(() => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 }));
    mswServer.use(...signInHandlers({ permissions: supervisor }));
    const first = mountPortal(`/reporting/conversations/${live.uuid}`, { returning: true });
    expect(await screen.findByText('You may not watch this conversation live.', {}, { timeout: 10_000 })).toBeInTheDocument();
    first.view.unmount();

    const asked = conversationPage(() => HttpResponse.json({ data: { uuid: live.uuid, channel: 'chat', live: true } }));
    mswServer.use(...signInHandlers());
    mountPortal(`/reporting/conversations/${live.uuid}`, { returning: true });
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(screen.queryByText(/Live watching|watch this conversation/)).toBeNull();
  }, 20_000);
});
