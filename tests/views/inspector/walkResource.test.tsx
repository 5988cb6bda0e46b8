import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { replayWalk } from '../../../src/inspector/replay';
import { walkFromLog } from '../../../src/inspector/walk';
import { openResource } from '../../../src/machines/areas/resources';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { authSettled, credentials, renderPanel, startInspectedPortal } from './harness';

describe('walking a resource edit by its form', () => {
  test('resource.edit asks for a record id and the values; sending saves through the API; the walk replays on a fresh portal', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    mswServer.use(
      ...signInHandlers(),
      http.patch(`${API}/api/v1/tools/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push({ id: params.id, name: body.name });
        return HttpResponse.json({ data: { id: Number(params.id), name: body.name } });
      }),
    );
    const { portal, store } = startInspectedPortal();
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    openResource(portal, 'tools');
    renderPanel(store);

    await user.click(within(screen.getByRole('navigation', { name: 'Actors' })).getByRole('button', { name: /^resource:tools\s/ }));
    await user.click(within(screen.getByRole('group', { name: 'Events resource:tools accepts' })).getByRole('button', { name: 'resource.edit' }));
    const form = await screen.findByRole('form', { name: /resource\.edit/ });
    expect(within(form).getByRole('heading')).toHaveTextContent('resource.edit · a record edit');
    await user.type(within(form).getByLabelText(/^Record id/), '1');
    // The values are JSON: braces typed literally.
    await user.click(within(form).getByLabelText(/^Values \(JSON\)/));
    await user.paste('{"name": "Renamed by a walk"}');
    await user.click(within(form).getByRole('button', { name: 'Send resource.edit' }));
    await waitFor(() => expect(saved).toEqual([{ id: '1', name: 'Renamed by a walk' }]));

    const walk = walkFromLog(store.log);
    // (The page opening the tools area is a root.spawn step; a replay skips its function.)
    expect(walk.steps.map((s) => [s.target, s.event.type]).filter(([target]) => target !== 'root')).toEqual([
      ['auth', 'auth.submit'],
      ['resource:tools', 'resource.edit'],
    ]);

    // Replayed on a fresh portal (the tools page opened there too), with the password given.
    const fresh = startInspectedPortal();
    // As the tools page does once it renders for a signed-in user.
    fresh.portal.auth.subscribe((snapshot) => {
      if (snapshot.matches('signedIn')) openResource(fresh.portal, 'tools');
    });
    const result = await replayWalk(walk, { resolveActor: (id) => fresh.store.actorBySystemId(id), values: { 0: { 'credentials.password': 'password' } }, quietMs: 100 });
    expect(result).toMatchObject({ ok: true, steps: walk.steps.length });
    await waitFor(() =>
      expect(saved).toEqual([
        { id: '1', name: 'Renamed by a walk' },
        { id: '1', name: 'Renamed by a walk' },
      ]),
    );
  }, 20_000);
});
