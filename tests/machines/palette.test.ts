import { describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPaletteMachine, RECORD_SEARCH_DEBOUNCE_MS } from '../../src/machines/palette';
import { paletteApi, paletteSelectors } from '../../src/machines/palette.api';

/** Issue 30: the palette's record search statechart (idle → debouncing → searching → showing). */
function start(browse: (section: string, query: string, signal: AbortSignal) => Promise<Array<{ id: string; name: string }>>, sections = ['contacts', 'bots']) {
  const actor = createActor(createPaletteMachine(browse), { input: { sections } }).start();
  return { actor, named: paletteApi(actor) };
}

describe('palette record search', () => {
  test('one search per settled query, across every browsable section; a shorter query clears the records', async () => {
    vi.useFakeTimers();
    try {
      const browse = vi.fn(async (section: string, query: string) => [{ id: '1', name: `${query} in ${section}` }]);
      const { actor, named } = start(browse);
      named.type('a');
      expect(actor.getSnapshot().value).toBe('idle');
      named.type('an');
      named.type('ann');
      expect(paletteSelectors.searching(actor.getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(RECORD_SEARCH_DEBOUNCE_MS + 10);
      expect(browse.mock.calls.map(([section, query]) => `${section}:${query}`)).toEqual(['contacts:ann', 'bots:ann']);
      expect(actor.getSnapshot().value).toBe('showing');
      expect(paletteSelectors.found(actor.getSnapshot()).records.map((r) => r.record.name)).toEqual(['ann in contacts', 'ann in bots']);
      named.type('a');
      expect(paletteSelectors.found(actor.getSnapshot()).records).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a newer query supersedes the search in flight (its requests are aborted); a failed section is named, the others shown', async () => {
    const aborted: string[] = [];
    const browse = (section: string, query: string, signal: AbortSignal) =>
      new Promise<Array<{ id: string; name: string }>>((resolve, reject) => {
        signal.addEventListener('abort', () => aborted.push(`${section}:${query}`));
        if (section === 'bots' && query === 'zed') return reject(new Error('500'));
        setTimeout(() => resolve([{ id: '7', name: query }]), query === 'slow' ? 2000 : 10);
      });
    const { actor, named } = start(browse);
    named.type('slow');
    await waitFor(actor, (s) => s.matches('searching'));
    named.type('zed');
    await waitFor(actor, (s) => s.matches('showing'), { timeout: 3000 });
    expect(aborted).toEqual(['contacts:slow', 'bots:slow']);
    expect(paletteSelectors.found(actor.getSnapshot())).toEqual({ records: [{ section: 'contacts', record: { id: '7', name: 'zed' } }], failed: ['bots'] });
  });
});
