import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { parseRuntimeConfig } from '../../../src/config';
import { walkFromLog } from '../../../src/inspector/walk';
import { openLiveWatch } from '../../../src/machines/areas/liveWatch';
import { API, signInHandlers } from '../../support/apiFixtures';
import { envelope } from '../../support/reportingFixtures';
import { mswServer } from '../../support/setupMsw';
import { authSettled, credentials, renderPanel, startInspectedPortal } from './harness';

const UUID = '5f0c7a2e-1b2c-4d3e-8f40-123456789abc';

describe('walking the live watch by its forms (schemas in src/machines/liveWatch.events.ts)', () => {
  test('liveWatch.start asks for a conversation id (required); sending moves the real actor through the API; the step is recorded', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mswServer.use(
      ...signInHandlers(),
      http.get(`${API}/api/v1/accounts`, () => HttpResponse.json(envelope([]))),
      http.get(`${API}/api/v1/reporting/conversations/:id/live`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ data: { uuid: params.id, channel: 'chat', live: false } });
      }),
    );
    const { portal, store } = startInspectedPortal();
    // As the conversation page: for a signed-in user.
    portal.auth.send({ type: 'auth.submit', credentials });
    await authSettled(portal);
    const watch = openLiveWatch({ ...portal, config: parseRuntimeConfig({ apiOrigin: API }) });
    renderPanel(store);

    await user.click(within(screen.getByRole('navigation', { name: 'Actors' })).getByRole('button', { name: /^liveWatch\s/ }));
    const events = () => within(screen.getByRole('group', { name: 'Events liveWatch accepts' }));
    expect(events().getAllByRole('button').map((b) => b.textContent?.replace('…', ''))).toEqual(['liveWatch.start', 'liveWatch.stop']);
    await user.click(events().getByRole('button', { name: 'liveWatch.start' }));
    const form = await screen.findByRole('form', { name: /liveWatch\.start/ });
    expect(within(form).getByRole('heading')).toHaveTextContent('liveWatch.start · watching a conversation');
    const id = within(form).getByLabelText(/^Conversation id/);
    expect(id).toHaveAccessibleDescription(/uuid, as in the address \/reporting\/conversations\/<uuid>/);

    // Empty: said on the field, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Send liveWatch.start' }));
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(watch.getSnapshot().value).toBe('idle');
    expect(asked).toEqual([]);

    await user.type(id, UUID);
    await user.click(within(form).getByRole('button', { name: 'Send liveWatch.start' }));
    expect(screen.getByText('Sent liveWatch.start to liveWatch.')).toBeInTheDocument();
    await waitFor(() => expect(watch.getSnapshot().value).toBe('notLive'));
    expect(asked).toEqual([UUID]);
    await waitFor(() => expect(screen.getByTestId('current-state')).toHaveTextContent('notLive'));

    const walk = walkFromLog(store.log);
    expect(walk.steps.filter((step) => step.target === 'liveWatch').map((step) => step.event)).toEqual([{ type: 'liveWatch.start', conversationId: UUID }]);
  });
});
