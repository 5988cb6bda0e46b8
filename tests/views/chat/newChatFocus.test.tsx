import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { NewChatForm } from '../../../src/views/chat/NewChatForm';
import { PortalProvider } from '../../../src/views/PortalContext';
import type { ChatTarget } from '../../../src/machines/chatStream';
import { API, signInHandlers } from '../../support/apiFixtures';
import { authSettled, startTestPortal } from '../../support/portal';
import { listBody } from '../../support/resourceFixtures';
import { mswServer } from '../../support/setupMsw';

afterEach(() => window.history.replaceState(null, '', '/'));

/**
 * The command palette's "Start a chat with this bot" opens /chat?bot=<id> and puts focus on "New
 * chat", so Enter starts it. Focus used to come as soon as the gateway connected: when that was
 * before the bots answered, the picker was still empty and Enter opened a chat titled "Bot <id>"
 * (CI, e2e commandPalette). The bots' answer is held here until the form is connected.
 */
test('/chat?bot=<id> moves focus to "New chat" only once the bots have answered, and Enter opens that bot by name', { timeout: 20000 }, async () => {
  let answerBots: () => void = () => {};
  const botsHeld = new Promise<void>((resolve) => (answerBots = resolve));
  mswServer.use(
    http.get(`${API}/api/v1/bots/`, async () => {
      await botsHeld;
      return HttpResponse.json(listBody([{ id: 3, name: 'Sales bot', account_id: 2 }]));
    }),
    http.get(`${API}/api/v1/instances/`, () => HttpResponse.json(listBody([]))),
    http.get(`${API}/api/v1/accounts/`, () => HttpResponse.json(listBody([{ id: 2, name: 'Globex Sales' }]))),
    ...signInHandlers(),
  );
  window.history.replaceState(null, '', '/chat?bot=3');
  const { portal, config } = startTestPortal('/chat?bot=3');
  portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
  await authSettled(portal);
  const opened: Array<{ title: string; target: ChatTarget }> = [];
  render(
    <PortalProvider value={{ ...portal, config }}>
      <NewChatForm connected onOpen={(title, target) => opened.push({ title, target })} />
    </PortalProvider>,
  );
  const newChat = screen.getByRole('button', { name: 'New chat' });
  // Connected, bots still on their way: the form is not whole yet, focus stays where it was.
  await screen.findByText('Loading bots and instances…');
  expect(newChat).not.toHaveFocus();

  answerBots();
  await waitFor(() => expect(newChat).toHaveFocus());
  expect(screen.getByRole('combobox', { name: 'Chat with' })).toHaveValue('Sales bot');
  await userEvent.setup().keyboard('{Enter}');
  expect(opened).toEqual([{ title: 'Sales bot', target: { botId: '3', accountId: '2' } }]);
});
