import { act, Profiler } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSelector } from '@xstate/react';
import { createActor, fromCallback } from 'xstate';
import type { ChatStreamEvent } from '../../../src/api/chatSocket';
import { chatMachine, type ChatActor, type SocketCommand, type SocketReport } from '../../../src/machines/chat';
import { chatApi } from '../../../src/machines/chat.api';
import { ChatList } from '../../../src/views/chat/ChatList';
import { useChatOrder } from '../../../src/views/chat/consoleHooks';
import { ChatPanel } from '../../../src/views/chat/ChatPanel';
import { ConnectionStatus } from '../../../src/views/chat/ConnectionStatus';
import { NewChatForm } from '../../../src/views/chat/NewChatForm';
import { PortalProvider } from '../../../src/views/PortalContext';
import { TimeZoneContext } from '../../../src/views/common/TimeZone';
import { API, signInHandlers } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';
import { authSettled, startTestPortal } from '../../support/portal';

// A stand-in gateway: the machine is the real one; the test plays the server's side.
let sent: Extract<SocketCommand, { type: 'socket.send' }>['command'][] = [];
const fakeSocket = fromCallback<SocketCommand, void, SocketReport>(({ sendBack, receive }) => {
  sendBack({ type: 'socket.connected' });
  sendBack({ type: 'socket.clientId', clientId: 'client-1' });
  receive((command) => {
    if (command.type === 'socket.send') sent.push(command.command);
  });
});

// Animation frames run when the test says so.
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  sent = [];
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => vi.unstubAllGlobals());

function runFrame() {
  const due = frames.splice(0);
  act(() => due.forEach((callback) => callback(performance.now())));
}

function startChat(): ChatActor {
  const actor = createActor(chatMachine.provide({ actors: { socket: fakeSocket } }), { input: {} });
  actor.start();
  actor.send({ type: 'chat.connect' });
  return actor;
}

function gateway(actor: ChatActor, streamKey: string, event: ChatStreamEvent, title?: string) {
  act(() => {
    actor.send({ type: 'socket.message', message: { streamKey, timestamp: new Date().toISOString(), event, ...(title ? { title } : {}) }, receivedAt: Date.now() });
  });
}

function currentPanel(actor: ChatActor, onLeave = () => {}) {
  const { chats, currentKey } = actor.getSnapshot().context;
  const ref = chats.find((c) => c.streamKey === currentKey)!.ref;
  return <ChatPanel stream={ref} chat={chatApi(actor)} connected onLeaveComposer={onLeave} />;
}

describe('chat panel', () => {
  test('Enter sends non-empty text, Shift+Enter adds a line, blank text is never sent, Escape leaves', async () => {
    const user = userEvent.setup();
    const actor = startChat();
    gateway(actor, 'a', { type: 'message', role: 'bot', msg: 'Hi there' }, 'Support bot');
    const onLeave = vi.fn();
    render(currentPanel(actor, onLeave));
    const box = screen.getByRole('textbox', { name: 'Message to Support bot' });
    await user.type(box, '   {Enter}');
    expect(sent.filter((c) => c.event === 'chat-send-message')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    await user.keyboard('{Enter}');
    expect(sent.filter((c) => c.event === 'chat-send-message')).toEqual([
      { event: 'chat-send-message', payload: { streamKey: 'a', message: 'line one\nline two', options: {} } },
    ]);
    expect(box).toHaveValue('');
    const log = screen.getByRole('log', { name: 'Transcript' });
    expect(within(log).getByText('line one\nline two', { normalizer: (s) => s })).toBeInTheDocument();
    await user.type(box, '{Escape}');
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  test('a burst of deltas renders once per animation frame, then settles into the transcript', () => {
    const actor = startChat();
    gateway(actor, 'a', { type: 'message', role: 'bot', msg: 'Hello' }, 'Support bot');
    let commits = 0;
    render(<Profiler id="panel" onRender={() => (commits += 1)}>{currentPanel(actor)}</Profiler>);
    runFrame();
    commits = 0;
    gateway(actor, 'a', { type: 'typing-delta-start' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Bot is typing…');
    commits = 0;
    for (let i = 0; i < 200; i++) gateway(actor, 'a', { type: 'typing-delta', delta: `${i} ` });
    expect(commits).toBe(0); // nothing rendered between frames
    runFrame();
    expect(commits).toBe(1);
    const expected = Array.from({ length: 200 }, (_, i) => `${i} `).join('');
    expect(screen.getByText(expected.trim())).toBeInTheDocument();
    gateway(actor, 'a', { type: 'typing-delta-end' });
    runFrame();
    const log = screen.getByRole('log', { name: 'Transcript' });
    expect(within(log).getByText(expected.trim())).toBeInTheDocument();
    expect(screen.queryByText('Bot is typing:')).toBeNull();
  });

  test('end and close; a reply cut by a drop that the gateway cannot resume is marked interrupted', async () => {
    const user = userEvent.setup();
    const actor = startChat();
    gateway(actor, 'a', { type: 'typing-delta-start' }, 'Support bot');
    gateway(actor, 'a', { type: 'typing-delta', delta: 'half a repl' });
    act(() => actor.send({ type: 'socket.disconnected', reason: 'transport close' }));
    act(() => actor.send({ type: 'chat.connect' }));
    act(() => actor.send({ type: 'socket.resumed', streamKey: 'a', outcome: 'gone' }));
    render(currentPanel(actor));
    expect(screen.getByText('half a repl')).toBeInTheDocument();
    expect(screen.getByText('Interrupted: the connection dropped before this reply finished.')).toBeInTheDocument();
    // A live chat asks before it ends, and before it closes; "Keep it open" changes nothing.
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    await user.click(within(screen.getByRole('alertdialog', { name: /Close the live chat with Support bot/ })).getByRole('button', { name: 'Keep it open' }));
    expect(actor.getSnapshot().context.chats).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'End chat' }));
    expect(sent.filter((c) => c.event === 'chat-end-request')).toEqual([]);
    const confirm = screen.getByRole('alertdialog', { name: /End chat with Support bot/ });
    expect(within(confirm).getByRole('button', { name: 'End chat' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'End chat' }));
    expect(sent).toContainEqual({ event: 'chat-end-request', payload: { streamKey: 'a' } });
    gateway(actor, 'a', { type: 'terminate' });
    expect(screen.getByRole('status')).toHaveTextContent('Chat ended');
    expect(screen.getByRole('button', { name: 'End chat' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Message to Support bot' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(actor.getSnapshot().context.chats).toEqual([]);
  });

  test('average time to first byte is shown', () => {
    const actor = startChat();
    gateway(actor, 'a', { type: 'system', text: 'Chat started.' }, 'Support bot');
    render(currentPanel(actor));
    expect(screen.getByText('—')).toBeInTheDocument();
    act(() => {
      actor.send({ type: 'socket.message', message: { streamKey: 'a', timestamp: new Date().toISOString(), event: { type: 'ttfb-start' } }, receivedAt: 1000 });
      actor.send({ type: 'socket.message', message: { streamKey: 'a', timestamp: new Date().toISOString(), event: { type: 'ttfb-received' } }, receivedAt: 1250 });
    });
    expect(screen.getByText('250 ms')).toBeInTheDocument();
  });
});

describe('chat list and connection status', () => {
  test('an inbox listbox: kind, state, last line and unread per chat, most recent first; arrows switch, a click picks', async () => {
    const user = userEvent.setup();
    const { portal, config } = startTestPortal('/chat');
    const actor = startChat();
    gateway(actor, 'a', { type: 'message', role: 'bot', msg: 'one' }, 'Alpha');
    await new Promise((resolve) => setTimeout(resolve, 5));
    gateway(actor, 'b', { type: 'message', role: 'bot', msg: 'two' }, 'Beta');
    const onPick = vi.fn();
    function Inbox() {
      const order = useChatOrder(actor);
      const currentKey = useSelector(actor, (s) => s.context.currentKey);
      return <ChatList chat={actor} order={order} currentKey={currentKey} onSelect={(key) => actor.send({ type: 'chat.select', streamKey: key })} onPick={onPick} onEnter={() => {}} />;
    }
    render(
      <PortalProvider value={{ ...portal, config }}>
        <Inbox />
      </PortalProvider>,
    );
    const list = screen.getByRole('listbox', { name: 'Open chats' });
    const names = () => within(list).getAllByRole('option').map((o) => o.textContent);
    expect(names()[0]).toMatch(/^Beta.*Chat · live.*two$/);
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent(/^Beta/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    gateway(actor, 'a', { type: 'message', role: 'bot', msg: 'three' });
    gateway(actor, 'a', { type: 'typing-delta-start' });
    // Alpha had the latest activity: it moves to the top, with its last line and unread count.
    expect(names()[0]).toMatch(/^Alpha.*live · typing… 1 unread.*three$/);
    gateway(actor, 'b', { type: 'terminate' });
    expect(within(list).getByRole('option', { name: /^Beta/ })).toHaveTextContent('ended');
    list.focus();
    await user.keyboard('{Home}');
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent(/^Alpha/);
    expect(list).toHaveAttribute('aria-activedescendant', 'chat-option-a');
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent(/^Beta/);
    await user.click(within(list).getByRole('option', { name: /^Alpha/ }));
    expect(onPick).toHaveBeenCalledWith('a');
    portal.root.stop();
  });

  test('a chat’s time follows SPEC §9’s one rule in the user’s zone: 23:00 yesterday reads “Yesterday”, not “10 h ago” (issue 26)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    try {
      const { portal, config } = startTestPortal('/chat');
      const actor = startChat();
      act(() => {
        actor.send({ type: 'socket.message', message: { streamKey: 'late', timestamp: '2026-11-25T23:00:00Z', event: { type: 'message', role: 'bot', msg: 'Good night' }, title: 'Late bot' }, receivedAt: Date.now() });
      });
      const inbox = (zone?: string) => (
        <PortalProvider value={{ ...portal, config }}>
          <TimeZoneContext.Provider value={zone}>
            <ChatList chat={actor} order={['late']} currentKey="late" onSelect={() => {}} onPick={() => {}} onEnter={() => {}} />
          </TimeZoneContext.Provider>
        </PortalProvider>
      );
      const { rerender } = render(inbox());
      const time = () => within(screen.getByRole('option', { name: /^Late bot/ })).getByText((_, el) => el?.tagName === 'TIME').textContent;
      expect(time()).toBe('Yesterday');
      // In Tokyo (UTC+9) both are on the 26th: the time of day.
      rerender(inbox('Asia/Tokyo'));
      expect(time()).toBe('8:00 AM');
      portal.root.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  test('the connection state is always announced, with the reason and the retry delay', async () => {
    const user = userEvent.setup();
    const actor = startChat();
    render(<ConnectionStatus chat={actor} />);
    expect(screen.getByRole('status')).toHaveTextContent('Chat gateway: Connected');
    act(() => actor.send({ type: 'socket.failed', reason: 'unauthenticated' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Chat gateway: Connection problem The chat gateway did not accept your session. Sign in again if this persists. Retrying in 5 s.',
    );
    await user.click(screen.getByRole('button', { name: 'Reconnect now' }));
    expect(screen.getByRole('status')).toHaveTextContent('Chat gateway: Connected');
  });
});

describe('new chat', () => {
  test('without bot and instance lists on the API: a clear message, and the demo bot still works', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get(`${API}/api/v1/bots/`, () => HttpResponse.json({ message: 'Not Found.' }, { status: 404 })),
      http.get(`${API}/api/v1/instances/`, () => HttpResponse.json({ message: 'Not Found.' }, { status: 404 })),
      ...signInHandlers(),
    );
    const { portal, config } = startTestPortal('/chat');
    portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
    await authSettled(portal);
    const onOpen = vi.fn();
    render(
      <PortalProvider value={{ ...portal, config }}>
        <NewChatForm connected onOpen={onOpen} />
      </PortalProvider>,
    );
    expect(await screen.findByText('This API does not list bots or instances yet; you can still chat with the demo bot.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(onOpen).toHaveBeenCalledWith('Demo bot', {});
  });

  test('bots and instances from the API can be chosen', async () => {
    const user = userEvent.setup();
    const list = (data: unknown[]) => ({ data, links: { first: null, last: null, prev: null, next: null }, meta: { current_page: 1, from: 1, last_page: 1, per_page: 100, to: data.length, total: data.length } });
    mswServer.use(
      http.get(`${API}/api/v1/bots/`, () => HttpResponse.json(list([{ id: 3, name: 'Sales bot', account_id: 2 }]))),
      http.get(`${API}/api/v1/instances/`, () => HttpResponse.json(list([{ id: 9, name: 'Front desk', phone_number: '5551234567' }]))),
      ...signInHandlers(),
    );
    const { portal, config } = startTestPortal('/chat');
    portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
    await authSettled(portal);
    const onOpen = vi.fn();
    render(
      <PortalProvider value={{ ...portal, config }}>
        <NewChatForm connected onOpen={onOpen} />
      </PortalProvider>,
    );
    // A searchable picker: typing narrows the list, a click chooses.
    const picker = screen.getByRole('combobox', { name: 'Chat with' });
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-busy'));
    await user.click(picker);
    expect(within(screen.getByRole('listbox', { name: 'Chat with' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Demo bot (default)', 'Sales bot', 'Front desk']);
    await user.clear(picker);
    await user.type(picker, 'sal');
    expect(within(screen.getByRole('listbox', { name: 'Chat with' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sales bot']);
    await user.click(screen.getByRole('option', { name: 'Sales bot' }));
    expect(picker).toHaveValue('Sales bot');
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    // The account goes with the target, so the chat list can name it.
    expect(onOpen).toHaveBeenLastCalledWith('Sales bot', { botId: '3', accountId: '2' });
    // The keyboard, as in a select: type, arrow down, Enter.
    await user.clear(picker);
    await user.type(picker, 'front');
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('Front desk');
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(onOpen).toHaveBeenLastCalledWith('Front desk', { instanceId: '9' });
  });
});
