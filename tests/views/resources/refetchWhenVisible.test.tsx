import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { recordRequests, renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';
import { STALE_AFTER_HIDDEN_MS } from '../../../src/views/resources/useRefetchWhenVisible';

/** Issue 30, live lists: a list shown again after the tab slept asks the server once more. */
const tool = (id: number) => ({ id, account_id: 1, name: `Tool ${id}`, kind: 'function', description: 'x', parameters: {}, updated_at: '2020-03-04T10:00:00Z' });

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('a list after the tab was hidden', () => {
  test('a short look at another tab asks nothing; back after a long sleep, the list is asked again once with its query', { timeout: 40_000 }, async () => {
    const requests = recordRequests();
    const rows = [tool(1)];
    await renderPortal('/tools?search=Tool', { handlers: crudHandlers('tools', rows) });
    await screen.findByRole('link', { name: 'Open Tool 1' }, { timeout: 20_000 });
    // The list has settled and the page's effects have run (its visibility listener is in place):
    // a test that hid the tab in the same tick as the rows appeared could beat the listener.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Tools' })).toHaveAttribute('aria-busy', 'false'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const lists = () => requests.filter((r) => r.startsWith('GET /api/v1/tools/'));
    const before = lists().length;
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    setVisibility('hidden');
    now += 5_000;
    setVisibility('visible');
    expect(lists().length).toBe(before);

    rows.push(tool(2));
    setVisibility('hidden');
    now += STALE_AFTER_HIDDEN_MS + 1;
    setVisibility('visible');
    await screen.findByRole('link', { name: 'Open Tool 2' }, { timeout: 5_000 });
    await waitFor(() => expect(lists().length).toBe(before + 1));
    expect(lists().at(-1)).toContain('search=Tool');
    mswServer.events.removeAllListeners();
  });
});
