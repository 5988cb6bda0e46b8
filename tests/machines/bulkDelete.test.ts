import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { createBulkDeleteMachine, DELETE_CONCURRENCY, UNDO_WINDOW_MS, type BulkDeleteDeps } from '../../src/machines/bulkDelete';
import { bulkDeleteApi, bulkDeleteBusy, bulkDeleteSelectors } from '../../src/machines/bulkDelete.api';

/** Issue 30: bulk delete with Undo (rows hidden at once, deletes after the window, failures by name). */
const items = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: String(from + i), name: `Contact ${from + i}` }));

function start(deps: Partial<BulkDeleteDeps> = {}) {
  const removed: string[] = [];
  let inFlight = 0;
  let most = 0;
  const remove = vi.fn(async (section: string, id: string) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    if (id === '13') throw new ApiError({ status: 403, detail: 'This action is unauthorized.' });
    removed.push(`${section}/${id}`);
  });
  const refresh = vi.fn();
  const guards = { on: 0, off: 0 };
  const guardUnload = () => {
    guards.on += 1;
    return () => {
      guards.off += 1;
    };
  };
  const actor = createActor(createBulkDeleteMachine({ remove, refresh, guardUnload, ...deps })).start();
  return { actor, api: bulkDeleteApi(actor), remove, removed, refresh, guards, most: () => most };
}

afterEach(() => vi.useRealTimers());

describe('bulk delete', () => {
  test('the rows are hidden at once; nothing is sent inside the Undo window; Undo brings them back and sends nothing', async () => {
    vi.useFakeTimers();
    const { actor, api, remove, guards } = start();
    const contacts = bulkDeleteSelectors('contacts');
    api.schedule('contacts', items(3));
    expect(contacts.hidden(actor.getSnapshot())).toEqual(['1', '2', '3']);
    expect(contacts.waiting(actor.getSnapshot())?.items).toHaveLength(3);
    expect(bulkDeleteSelectors('bots').hidden(actor.getSnapshot())).toEqual([]);
    // Closing the tab now asks.
    expect(guards).toEqual({ on: 1, off: 0 });
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 100);
    expect(remove).not.toHaveBeenCalled();
    api.undo();
    expect(contacts.hidden(actor.getSnapshot())).toEqual([]);
    expect(contacts.waiting(actor.getSnapshot())).toBeNull();
    expect(guards.off).toBe(1);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(remove).not.toHaveBeenCalled();
  });

  test('after the window the deletes go out, a few at a time; a failure is reported by name and its row comes back; the list is asked again', async () => {
    vi.useFakeTimers();
    const { actor, api, removed, refresh, most } = start();
    const contacts = bulkDeleteSelectors('contacts');
    const settled = new Promise((resolve) => actor.on('bulkDelete.settled', resolve));
    api.schedule('contacts', items(20));
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 1);
    expect(contacts.sending(actor.getSnapshot())?.items).toHaveLength(20);
    expect(bulkDeleteBusy(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    await settled;
    expect(removed).toHaveLength(19);
    expect(most()).toBe(DELETE_CONCURRENCY);
    const report = contacts.failures(actor.getSnapshot());
    expect(report).toMatchObject({ deleted: 19, failed: [{ id: '13', name: 'Contact 13', detail: 'This action is unauthorized.' }] });
    // The failed record's row is back; the deleted ones stay hidden until the list no longer has them.
    const hidden = contacts.hidden(actor.getSnapshot());
    expect(hidden).toHaveLength(19);
    expect(hidden).not.toContain('13');
    expect(refresh).toHaveBeenCalledWith('contacts');
    expect(bulkDeleteBusy(actor.getSnapshot())).toBe(false);
    api.dismiss(report!.batch);
    expect(contacts.failures(actor.getSnapshot())).toBeNull();
  });

  test('a second batch sends the first at once and gets its own window; a stale Undo (of the sent batch) does nothing', async () => {
    vi.useFakeTimers();
    const { actor, api, remove } = start();
    api.schedule('contacts', items(2));
    const first = actor.getSnapshot().context.waiting!.id;
    await vi.advanceTimersByTimeAsync(1000);
    api.schedule('bots', items(2, 50));
    expect(remove.mock.calls.map(([section, id]) => `${section}/${id}`)).toEqual(['contacts/1', 'contacts/2']);
    api.undo(first);
    expect(bulkDeleteSelectors('bots').waiting(actor.getSnapshot())?.items).toHaveLength(2);
    api.undo();
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(remove).toHaveBeenCalledTimes(2);
  });

  test('records already on their way are not scheduled twice (a double click)', () => {
    const { actor, api } = start();
    api.schedule('contacts', items(3));
    api.commit();
    api.schedule('contacts', items(4));
    expect(actor.getSnapshot().context.waiting?.items.map((i) => i.id)).toEqual(['4']);
  });

  test('100 records: hidden in the same step as the click (no wait for the network)', () => {
    const { actor, api } = start();
    api.schedule('contacts', items(100));
    expect(bulkDeleteSelectors('contacts').hidden(actor.getSnapshot())).toHaveLength(100);
  });
});
