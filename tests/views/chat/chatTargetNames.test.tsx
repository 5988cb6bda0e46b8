import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { NewChatForm } from '../../../src/views/chat/NewChatForm';
import { PortalProvider } from '../../../src/views/PortalContext';
import { API, signInHandlers } from '../../support/apiFixtures';
import { authSettled, startTestPortal } from '../../support/portal';
import { listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

test('under "All accounts" every bot of the chat picker says whose it is (issue 12 item 2, issue 28 item 6)', { timeout: 20000 }, async () => {
  mswServer.use(
    http.get(`${API}/api/v1/bots/`, () => HttpResponse.json(listBody([{ id: 1, name: 'Demo Bot', account_id: 1 }, { id: 2, name: 'Demo Bot', account_id: 2 }, { id: 3, name: 'Sales bot', account_id: 2 }]))),
    http.get(`${API}/api/v1/instances/`, () => HttpResponse.json(listBody([]))),
    http.get(`${API}/api/v1/accounts/`, ({ request }) => {
      const ids = new URL(request.url).searchParams.get('filter[id]')?.split(',') ?? [];
      return HttpResponse.json(listBody([{ id: 1, name: 'Acme Support' }, { id: 2, name: 'Globex Sales' }].filter((a) => ids.includes(String(a.id)))));
    }),
    ...signInHandlers(),
  );
  const { portal, config } = startTestPortal('/chat');
  portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
  await authSettled(portal);
  render(
    <PortalProvider value={{ ...portal, config }}>
      <NewChatForm connected onOpen={() => {}} />
    </PortalProvider>,
  );
  const picker = screen.getByRole('combobox', { name: 'Chat with' });
  await waitFor(() => expect(picker).not.toHaveAttribute('aria-busy'));
  await userEvent.setup().click(picker);
  const list = screen.getByRole('listbox', { name: 'Chat with' });
  await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Demo bot (default)', 'Demo Bot — Acme Support', 'Demo Bot — Globex Sales', 'Sales bot — Globex Sales']));
});
