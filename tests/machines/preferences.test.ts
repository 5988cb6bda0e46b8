import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AccountSettings } from '../../src/api/account';
import { createPreferencesMachine } from '../../src/machines/preferences';
import { preferencesApi, preferencesSelectors } from '../../src/machines/preferences.api';
import { openPreferences, preferencesRead } from '../../src/machines/areas/shell';
import { API } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';
import { recordBodies, signedInPortal } from './account/flowSupport';

const base = { theme_color: '#4f46e5', timezone: 'UTC', notifications: { product_updates: true, weekly_summary: false } };
const views = { views: [{ name: 'Mine', query: { search: 'ann' }, columns: ['name'] }], default: 'Mine' };

// The machines project runs in Node: a Storage of its own stands in for the browser's.
beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, String(value)),
    removeItem: (key: string) => items.delete(key),
    clear: () => items.clear(),
  });
});
afterEach(() => {
  mswServer.events.removeAllListeners();
  vi.unstubAllGlobals();
});

async function startPreferences(settings: Partial<AccountSettings> | Response) {
  const { api } = await signedInPortal();
  const bodies = recordBodies();
  let saved: Record<string, unknown> = {};
  mswServer.use(
    http.get(`${API}/api/v1/user/settings`, () => (settings instanceof Response ? settings : HttpResponse.json({ data: { ...base, ...settings } }))),
    http.post(`${API}/api/v1/user/settings`, async ({ request }) => {
      saved = { ...saved, ...((await request.json()) as object) };
      return HttpResponse.json({ data: { ...base, appearance: 'system', list_views: {}, ...saved } });
    }),
  );
  const actor = createActor(createPreferencesMachine(api)).start();
  return { actor, named: preferencesApi(actor), bodies };
}

describe('preferences: the theme and saved views in user settings', () => {
  test('the stored theme and views load; a change is applied and saved', async () => {
    const { actor, named, bodies } = await startPreferences({ appearance: 'dark', list_views: { contacts: views } });
    await waitFor(actor, preferencesSelectors.loaded);
    expect(preferencesSelectors.appearance(actor.getSnapshot())).toBe('dark');
    expect(preferencesSelectors.listViews('contacts')(actor.getSnapshot())).toEqual(views);
    named.setAppearance('light');
    expect(localStorage.getItem('portal-appearance')).toBe('light');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(bodies['POST /api/v1/user/settings']).toEqual([{ appearance: 'light' }]);
  });

  test('a choice made while the settings load wins over the server’s copy, and goes out once they answer', async () => {
    const { actor, named, bodies } = await startPreferences({ appearance: 'dark', list_views: {} });
    named.setAppearance('light');
    await waitFor(actor, (s) => s.matches('ready') && (bodies['POST /api/v1/user/settings']?.length ?? 0) > 0);
    expect(preferencesSelectors.appearance(actor.getSnapshot())).toBe('light');
    expect(bodies['POST /api/v1/user/settings']).toEqual([{ appearance: 'light' }]);
  });

  test('changes made while a save is in flight go out next, together', async () => {
    const { actor, named, bodies } = await startPreferences({ appearance: 'system', list_views: {} });
    await waitFor(actor, (s) => s.matches('ready'));
    named.setAppearance('dark');
    named.setListViews('contacts', views);
    named.setAppearance('light');
    await waitFor(actor, (s) => s.matches('ready') && (bodies['POST /api/v1/user/settings']?.length ?? 0) === 2);
    expect(bodies['POST /api/v1/user/settings']).toEqual([{ appearance: 'dark' }, { list_views: { contacts: views }, appearance: 'light' }]);
  });

  test('a backend without the keys (or the call) keeps them in this browser, quietly', async () => {
    const without = await startPreferences({});
    await waitFor(without.actor, (s) => s.hasTag('local'));
    without.named.setAppearance('dark');
    expect(localStorage.getItem('portal-appearance')).toBe('dark');
    expect(without.actor.getSnapshot().context.error).toBeNull();
    expect(without.bodies['POST /api/v1/user/settings']).toBeUndefined();

    const missing = await startPreferences(HttpResponse.json({ message: 'Not Found' }, { status: 404 }));
    await waitFor(missing.actor, (s) => s.hasTag('local'));
    expect(missing.actor.getSnapshot().context.error).toBeNull();
  });

  test('a malformed saved view is dropped, not the list', async () => {
    const { actor } = await startPreferences({ appearance: 'system', list_views: { contacts: { views: [{ name: '' }, views.views[0], { name: 'x', query: 3 }], default: 'gone' }, bots: 'nonsense' } });
    await waitFor(actor, preferencesSelectors.loaded);
    expect(actor.getSnapshot().context.listViews).toEqual({ contacts: { views: views.views, default: null } });
  });
});

// Boot reads the settings with a signed-in page's first calls (src/main.tsx): the first draw has the
// user's time zone, and no row is drawn again when it comes (tests/e2e/firstAnswers.test.ts).
describe("boot's preferencesRead", () => {
  test('opens the session’s preferences and resolves once the time zone is in; the shell then finds the same actor', async () => {
    const { portal } = await signedInPortal();
    mswServer.use(http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ data: { ...base, timezone: 'Pacific/Kiritimati' } })));
    await preferencesRead(portal);
    const preferences = openPreferences(portal);
    expect(preferencesSelectors.timeZone(preferences.getSnapshot())).toBe('Pacific/Kiritimati');
  });

  test('a backend without the call (404) or a failing one does not hold the first screen', async () => {
    for (const status of [404, 500]) {
      const { portal } = await signedInPortal();
      mswServer.use(http.get(`${API}/api/v1/user/settings`, () => HttpResponse.json({ message: 'No.' }, { status })));
      await preferencesRead(portal);
      expect(preferencesSelectors.timeZone(openPreferences(portal).getSnapshot()), String(status)).toBeUndefined();
    }
  });
});
