import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LiveSocketHandlers } from '../../../src/api/liveSocket';
import { API } from '../../support/apiFixtures';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { accountsHandler, conversation, envelope, grades } from '../../support/reportingFixtures';
import { crudHandlers } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

/**
 * Live lists in the portal (issue 30). The gateway's side is the transport's handlers, driven by
 * the test with payloads as the gateway sends them (parsed by the real parser); the frames
 * themselves are covered by tests/contract/live-lists.test.ts and tests/e2e/liveLists.test.ts.
 * The list page marks what a change brought; the conversations list offers new conversations
 * instead of moving rows.
 */

const opened = vi.hoisted(() => [] as LiveSocketHandlers[]);
vi.mock('../../../src/api/liveSocket', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/api/liveSocket')>();
  return {
    ...actual,
    openLiveSocket: (_url: string, _token: string | null, handlers: LiveSocketHandlers) => {
      opened.push(handlers);
      // The gateway acknowledges live-subscribe.
      setTimeout(() => handlers.subscribed(), 0);
      return Promise.resolve({ close: () => {} });
    },
  };
});

afterEach(() => {
  opened.splice(0);
  mswServer.events.removeAllListeners();
});

/** The gateway sends `records-changed` with this payload. */
const tell = async (payload: unknown) => {
  const { parseRecordsChanged } = await vi.importActual<typeof import('../../../src/api/liveSocket')>('../../../src/api/liveSocket');
  const change = parseRecordsChanged(payload);
  if (change) for (const handlers of opened) handlers.changed(change);
};
const subscribed = opened;
const tool = (id: number, name: string) => ({ id, account_id: 1, name, kind: 'function', description: 'x', parameters: {}, updated_at: '2020-03-04T10:00:00Z' });

describe('a live resource list', () => {
  test('a change elsewhere refetches the list on screen and marks the new and the changed rows in words; moving the list clears the marks', { timeout: 40_000 }, async () => {
    const requests = recordRequests();
    const rows = [tool(1, 'Alpha'), tool(2, 'Beta')];
    const { here } = await renderPortal('/tools', { handlers: crudHandlers('tools', rows) });
    const table = await screen.findByRole('table', { name: 'Tools' }, { timeout: 20_000 });
    await waitFor(() => expect(subscribed).toHaveLength(1), { timeout: 10_000 });
    const lists = () => requests.filter((r) => r.startsWith('GET /api/v1/tools/')).length;
    const before = lists();

    rows.push(tool(3, 'Gamma'));
    rows[0] = { ...rows[0]!, name: 'Alpha (edited)' };
    await tell({ resource: 'tools', kind: 'created', ids: [3] });
    await tell({ resource: 'tools', kind: 'updated', ids: ['1'] });
    const gamma = await within(table).findByRole('link', { name: 'Open Gamma' });
    const newRow = gamma.closest('tr')!;
    expect(within(newRow).getByText('New')).toBeInTheDocument();
    await waitFor(() => expect(within(within(table).getByRole('link', { name: 'Open Alpha (edited)' }).closest('tr')!).getByText('Changed')).toBeInTheDocument());
    expect(within(within(table).getByRole('link', { name: 'Open Beta' }).closest('tr')!).queryByText(/New|Changed/)).toBeNull();
    await waitFor(() => expect(screen.getByText(/1 new, 1 changed since the list was shown/)).toBeInTheDocument());
    // Two events in the same moment: one refetch, perhaps one more at the end of the second.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(lists() - before).toBeGreaterThanOrEqual(1);
    expect(lists() - before).toBeLessThanOrEqual(2);

    // Another resource's change asks nothing.
    const settled = lists();
    await tell({ resource: 'bots', kind: 'created', ids: ['9'] });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(lists()).toBe(settled);

    // The user moves the list: the marks were about the list as it was.
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    await waitFor(() => expect(here()).toBe('/tools?search=a'));
    await waitFor(() => expect(within(table).queryByText('New')).toBeNull());
  });
});

describe('the live conversations list', () => {
  test('new conversations are offered ("2 new conversations — show"), not moved in; show fetches them and marks them New', { timeout: 40_000 }, async () => {
    const listed = [conversation(1, 'A'), conversation(2, 'B')];
    let asked = 0;
    await renderPortal('/reporting/conversations', {
      handlers: [
        accountsHandler,
        mswHttp.get(`${API}/api/v1/reporting/global`, () => HttpResponse.json({ data: { conversations: 2, minutes: 0, cost: 0, active: 0, average_grade: null, grade_score: null, grades, dispositions: [] } })),
        // The review filters' support check (issue 29): not this backend.
        mswHttp.get(`${API}/api/v1/reporting/conversations/:id/evaluations`, () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
        mswHttp.get(`${API}/api/v1/reporting/conversations`, () => {
          asked += 1;
          return HttpResponse.json(envelope([...listed], { total: listed.length }));
        }),
      ],
    });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    await waitFor(() => expect(subscribed).toHaveLength(1), { timeout: 10_000 });
    const askedBefore = asked;
    const rowsBefore = within(table).getAllByRole('row').map((row) => row.textContent);

    listed.unshift(conversation(4, 'C'), conversation(3, 'C'));
    await tell({ resource: 'conversations', kind: 'created', ids: [listed[0]!.uuid] });
    await tell({ resource: 'conversations', kind: 'created', ids: [listed[1]!.uuid] });
    const show = await screen.findByRole('button', { name: 'Show 2 new conversations' });
    expect(show.closest('p')).toHaveTextContent('2 new conversations — show');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // Nothing moved under the pointer: no request, the same rows.
    expect(asked).toBe(askedBefore);
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(rowsBefore);

    await userEvent.setup().click(show);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5));
    expect(asked).toBe(askedBefore + 1);
    expect(within(screen.getByRole('table')).getAllByText('New')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Show .* new conversations/ })).toBeNull();
  });
});
