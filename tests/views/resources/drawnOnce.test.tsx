import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { LiveSocketHandlers } from '../../../src/api/liveSocket';
import { renderPortal } from '../../support/renderPortal';
import { crudHandlers } from '../../support/resourceFixtures';

/**
 * A list is drawn once: what arrives after its rows and changes nothing on screen (the live code,
 * the account filter's events) draws no row again. Each of those drew the whole page again, 100
 * rows and their linked names, in the moment a user's first click lands.
 */

const live = vi.hoisted(() => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release, opened: [] as LiveSocketHandlers[], rowRenders: 0 };
});

// The live code arrives when the test says so (in the browser: a chunk loaded after the first draw).
vi.mock('../../../src/machines/areas/live', async (importActual) => {
  await live.gate;
  return importActual();
});
vi.mock('../../../src/api/liveSocket', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/api/liveSocket')>();
  return {
    ...actual,
    openLiveSocket: (_url: string, _token: string | null, handlers: LiveSocketHandlers) => {
      live.opened.push(handlers);
      setTimeout(() => handlers.subscribed(), 0);
      return Promise.resolve({ close: () => {} });
    },
  };
});
// Every time the list draws its rows (not only when a row changes: the count is of the page's renders).
vi.mock('../../../src/views/resources/ListRow', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/views/resources/ListRow')>();
  const ListRow = (props: Parameters<typeof actual.ListRow>[0]) => {
    live.rowRenders += 1;
    return <actual.ListRow {...props} />;
  };
  return { ...actual, ListRow };
});

afterEach(() => live.opened.splice(0));

const tool = (id: number, name: string) => ({ id, account_id: 1, name, kind: 'function', description: 'x', parameters: {}, updated_at: '2020-03-04T10:00:00Z' });

test('a list is not drawn again when its live code arrives or the account filter hears an event', { timeout: 40_000 }, async () => {
  const { portal } = await renderPortal('/tools', { handlers: crudHandlers('tools', [tool(1, 'Alpha'), tool(2, 'Beta')]) });
  const table = await screen.findByRole('table', { name: 'Tools' }, { timeout: 20_000 });
  // Settled: the rows and their accounts' names are drawn.
  await waitFor(() => expect(within(table).getAllByRole('link', { name: 'Acme Support' })).toHaveLength(2), { timeout: 10_000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  live.rowRenders = 0;

  live.release();
  await waitFor(() => expect(live.opened).toHaveLength(1), { timeout: 10_000 });
  portal.accountFilter.send({ type: 'accountFilter.need' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(live.rowRenders).toBe(0);
  expect(within(table).getByRole('link', { name: 'Open Alpha' })).toBeTruthy();
});
