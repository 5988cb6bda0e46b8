import { describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { List } from '../../src/api/envelope';
import type { Query } from '../../src/api/query';
import type { ResourceRecord } from '../../src/api/resources';
import { createBulkSelectionMachine, MAX_BULK_RECORDS, type BulkSelectionDeps } from '../../src/machines/bulkSelection';
import { bulkSelectionApi, bulkSelectionSelectors as sel } from '../../src/machines/bulkSelection.api';

/** Issue 30: a list's selection — rows, pages, "all N matching" (the filter), collect with progress. */
const record = (n: number): ResourceRecord => ({ id: String(n), name: `Contact ${n}`, phone: `+1555${n}` });
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => record(from + i));

/** A backend of `total` matching records, 100 a page, linked by links.next. */
function backend(total: number) {
  const calls: string[] = [];
  const listAt = (n: number): List<ResourceRecord> => ({
    data: page((n - 1) * 100 + 1, Math.max(0, Math.min(100, total - (n - 1) * 100))),
    links: { prev: null, next: n * 100 < total ? `/api/v1/contacts/?page=${n + 1}` : null },
    meta: { current_page: n, last_page: Math.ceil(total / 100), per_page: 100, from: 1, to: 100, total },
  });
  return {
    calls,
    browse: vi.fn(async (query: Query) => {
      calls.push(`browse ${JSON.stringify(query)}`);
      return listAt(1);
    }),
    paginate: vi.fn(async (url: string) => {
      calls.push(`paginate ${url}`);
      return listAt(Number(new URL(url, 'http://x').searchParams.get('page')));
    }),
  };
}

function start(total = 250, deps: Partial<BulkSelectionDeps> = {}) {
  const api = backend(total);
  const schedule = vi.fn();
  const saved: Array<{ text: Promise<string>; filename: string }> = [];
  const actor = createActor(
    createBulkSelectionMachine({
      section: 'contacts',
      browse: api.browse,
      paginate: api.paginate,
      nameOf: (r) => String(r.name),
      schedule,
      save: (blob, filename) => saved.push({ text: blob.text(), filename }),
      ...deps,
    }),
  ).start();
  return { actor, named: bulkSelectionApi(actor), api, schedule, saved };
}

describe('bulk selection', () => {
  test('rows and pages across pages; a page unticked; another filter clears the selection', () => {
    const { actor, named } = start();
    named.scope('search=ann');
    named.toggle(record(1), page(1, 15));
    named.pickPage(page(1, 15));
    named.pickPage(page(16, 15));
    expect(sel.count(actor.getSnapshot())).toBe(30);
    named.toggle(record(3), page(1, 15));
    expect(sel.pickedIds(actor.getSnapshot()).has('3')).toBe(false);
    named.unpickPage(page(16, 15));
    expect(sel.count(actor.getSnapshot())).toBe(14);
    // The page number is not part of the scope: the view sends the same one for page 2.
    named.scope('search=ann');
    expect(sel.count(actor.getSnapshot())).toBe(14);
    named.scope('search=bob');
    expect(sel.count(actor.getSnapshot())).toBe(0);
  });

  test('delete of picked rows hands them to the bulk-delete actor by name and clears the selection', () => {
    const { actor, named, schedule, api } = start();
    named.pickPage(page(1, 3));
    named.deleteSelected();
    expect(schedule).toHaveBeenCalledWith('contacts', [
      { id: '1', name: 'Contact 1' },
      { id: '2', name: 'Contact 2' },
      { id: '3', name: 'Contact 3' },
    ]);
    expect(api.browse).not.toHaveBeenCalled();
    expect(sel.count(actor.getSnapshot())).toBe(0);
  });

  test('"all 250 matching" is the filter: delete pages through it (100 a page, following links.next) with progress', async () => {
    const { actor, named, schedule, api } = start(250);
    named.pickMatching({ search: 'ann', sort: 'name' }, 250);
    expect(sel.matching(actor.getSnapshot())).toBe(true);
    expect(sel.count(actor.getSnapshot())).toBe(250);
    const progress: string[] = [];
    actor.subscribe((s) => s.context.progress && progress.push(`${s.context.progress.done}/${s.context.progress.total}`));
    named.deleteSelected();
    expect(sel.collecting(actor.getSnapshot())).toBe(true);
    expect(sel.purpose(actor.getSnapshot())).toBe('delete');
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(api.calls).toEqual(['browse {"search":"ann","sort":"name","show":100,"page":1}', 'paginate /api/v1/contacts/?page=2', 'paginate /api/v1/contacts/?page=3']);
    expect([...new Set(progress)]).toEqual(['0/250', '100/250', '200/250', '250/250']);
    expect(schedule.mock.calls[0]![1]).toHaveLength(250);
    expect(sel.count(actor.getSnapshot())).toBe(0);
  });

  test('unticking one row of "all matching" keeps the rest of that page', () => {
    const { actor, named } = start();
    named.pickMatching({}, 250);
    named.toggle(record(2), page(1, 15));
    expect(sel.matching(actor.getSnapshot())).toBe(false);
    expect(sel.count(actor.getSnapshot())).toBe(14);
  });

  test('export of picked rows: only the given columns, in their order, as CSV (formula-like cells guarded as the server export does)', async () => {
    const { named, saved } = start();
    named.pickPage([record(1), { id: '2', name: '=HYPERLINK("x")', phone: '+15552' }]);
    named.exportSelected(['phone', 'name'], 'contacts-selected.csv');
    expect(saved[0]!.filename).toBe('contacts-selected.csv');
    expect(await saved[0]!.text).toBe('phone,name\r\n\'+15551,Contact 1\r\n\'+15552,"\'=HYPERLINK(""x"")"\r\n');
  });

  test('a failed page ends the collect with the reason, and sends nothing; Cancel stops a collect', async () => {
    const failing = start(250, { paginate: async () => Promise.reject(new Error('Network Error')) });
    failing.named.pickMatching({}, 250);
    failing.named.exportSelected(['name'], 'x.csv');
    await waitFor(failing.actor, (s) => !s.hasTag('busy'));
    expect(sel.problem(failing.actor.getSnapshot())).toBeTruthy();
    expect(failing.saved).toHaveLength(0);
    expect(sel.matching(failing.actor.getSnapshot())).toBe(true);

    let aborted = false;
    const slow = start(250, { browse: (_q, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => { aborted = true; reject(new Error('aborted')); })) });
    slow.named.pickMatching({}, 250);
    slow.named.deleteSelected();
    slow.named.cancel();
    expect(aborted).toBe(true);
    expect(sel.collecting(slow.actor.getSnapshot())).toBe(false);
    expect(slow.schedule).not.toHaveBeenCalled();
  });

  test('bounded: "all matching" beyond the limit is refused', () => {
    const { actor, named } = start();
    named.pickMatching({}, MAX_BULK_RECORDS + 1);
    expect(sel.count(actor.getSnapshot())).toBe(0);
  });
});
