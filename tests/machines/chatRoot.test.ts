import { describe, expect, test } from 'vitest';
import { ensureChatActor } from '../../src/machines/chat';
import { startTestPortal } from '../support/portal';

describe('the chat actor in the system', () => {
  test('spawned by the root on first use with systemId `chat`, once', () => {
    const { portal, config } = startTestPortal('/chat');
    expect(portal.root.system.get('chat')).toBeUndefined();
    const chat = ensureChatActor({ root: portal.root, config });
    expect(portal.root.system.get('chat')).toBe(chat);
    expect(ensureChatActor({ root: portal.root, config })).toBe(chat);
    expect(chat.getSnapshot().value).toBe('disconnected');
    portal.root.stop();
  });
});
