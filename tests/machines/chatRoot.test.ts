import { describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { openChat } from '../../src/machines/areas/chat';
import { createChatStore } from '../../src/machines/chatPersistence';
import { signInHandlers } from '../support/apiFixtures';
import { mswServer } from '../support/setupMsw';
import { authSettled, startTestPortal } from '../support/portal';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

describe('the chat actor in the system', () => {
  test('spawned by the root on first use with systemId `chat`, once', () => {
    const { portal, config } = startTestPortal('/chat');
    expect(portal.root.system.get('chat')).toBeUndefined();
    const chat = openChat({ root: portal.root, config });
    expect(portal.root.system.get('chat')).toBe(chat);
    expect(openChat({ root: portal.root, config })).toBe(chat);
    expect(chat.getSnapshot().value).toBe('disconnected');
    portal.root.stop();
  });

  test('its chats are stored for the signed-in user, and forgotten when the session ends', async () => {
    mswServer.use(...signInHandlers());
    const { portal, config } = startTestPortal('/login');
    portal.auth.send({ type: 'auth.submit', credentials: { email: 'admin@example.com', password: 'password' } });
    await authSettled(portal);
    const storage = memoryStorage();
    const chat = openChat({ root: portal.root, config: { ...config, chatUrl: 'http://127.0.0.1:9' } }, createChatStore(storage));
    chat.send({ type: 'chat.connect' });
    chat.send({ type: 'socket.message', message: { streamKey: 'k1', timestamp: new Date().toISOString(), seq: 1, event: { type: 'message', role: 'bot', msg: 'Hello' } }, receivedAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const saved = JSON.parse(storage.items.get('agent-portal:chats') ?? 'null') as { owner: string; chats: Array<{ streamKey: string; lastSeq: number }> };
    expect(saved.owner).toBe(String(portal.auth.getSnapshot().context.user?.id));
    expect(saved.chats).toMatchObject([{ streamKey: 'k1', lastSeq: 1 }]);

    portal.auth.send({ type: 'auth.logout' });
    await waitFor(portal.auth, (s) => s.matches('signedOut'));
    expect(portal.root.system.get('chat')).toBeUndefined();
    expect(storage.items.size).toBe(0);
    portal.root.stop();
  });
});
