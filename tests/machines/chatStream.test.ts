import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { reconnectDelay } from '../../src/api/chatSocket';
import { chatStreamMachine, isEnded, isTyping, toStreamActorEvent } from '../../src/machines/chatStream';

const at = '2025-01-01T10:00:00.000Z';

function startStream(focused = false) {
  const actor = createActor(chatStreamMachine, { input: { streamKey: 'k', title: 'Bot', target: {}, focused } });
  actor.start();
  const gateway = (event: Parameters<typeof toStreamActorEvent>[0], receivedAt = 0) => actor.send(toStreamActorEvent(event, at, receivedAt));
  return { actor, gateway };
}

describe('one chat stream actor', () => {
  test('typing-delta-start / typing-delta / typing-delta-end build one bot message; unread counts while not focused', () => {
    const { actor, gateway } = startStream();
    gateway({ type: 'typing-delta-start' });
    for (const delta of ['Hel', 'lo, ', 'world']) gateway({ type: 'typing-delta', delta });
    expect(isTyping(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.typing).toBe('Hello, world');
    gateway({ type: 'typing-delta-end' });
    const { context } = actor.getSnapshot();
    expect(context.transcript).toEqual([{ kind: 'message', id: 1, role: 'bot', msg: 'Hello, world', timestamp: at }]);
    expect(context.typing).toBe('');
    expect(context.unread).toBe(1);
    actor.send({ type: 'stream.focus' });
    expect(actor.getSnapshot().context.unread).toBe(0);
  });

  test('a delta without a start is ignored (it belongs to a reply cut by a drop)', () => {
    const { actor, gateway } = startStream();
    gateway({ type: 'typing-delta', delta: 'orphan' });
    expect(actor.getSnapshot().context.typing).toBe('');
    expect(actor.getSnapshot().context.transcript).toEqual([]);
  });

  test('TTFB: from ttfb-start to ttfb-received arrival times, with the running average', () => {
    const { actor, gateway } = startStream();
    gateway({ type: 'ttfb-start' }, 1000);
    gateway({ type: 'ttfb-received' }, 1300);
    gateway({ type: 'ttfb-start' }, 2000);
    gateway({ type: 'ttfb-received' }, 2100);
    gateway({ type: 'ttfb-received' }, 2500); // no start pending: not a sample
    expect(actor.getSnapshot().context).toMatchObject({ ttfbCount: 2, lastTtfbMs: 100, averageTtfbMs: 200 });
  });

  test('terminate ends the chat, settling a reply in progress; system events still show', () => {
    const { actor, gateway } = startStream(true);
    gateway({ type: 'typing-delta-start' });
    gateway({ type: 'typing-delta', delta: 'partial' });
    gateway({ type: 'terminate' });
    gateway({ type: 'system', text: 'bye' });
    expect(isEnded(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.transcript.map((e) => (e.kind === 'message' ? e.msg : e.text))).toEqual(['partial', 'bye']);
    actor.send({ type: 'stream.userMessage', text: 'too late', timestamp: at });
    expect(actor.getSnapshot().context.transcript).toHaveLength(2);
  });

  test('a drop marks the reply in progress as interrupted, or notes a reply lost before its first byte', () => {
    const { actor, gateway } = startStream(true);
    gateway({ type: 'typing-delta-start' });
    gateway({ type: 'typing-delta', delta: 'half a' });
    actor.send({ type: 'stream.interrupted', timestamp: at });
    gateway({ type: 'ttfb-start' }, 10);
    actor.send({ type: 'stream.interrupted', timestamp: at });
    actor.send({ type: 'stream.interrupted', timestamp: at }); // nothing pending any more: no-op
    const { transcript, ttfbStartedAt } = actor.getSnapshot().context;
    expect(transcript).toEqual([
      { kind: 'message', id: 1, role: 'bot', msg: 'half a', timestamp: at, interrupted: true },
      { kind: 'system', id: 2, text: 'A reply was cut off by the connection loss before any text arrived.', timestamp: at },
    ]);
    expect(ttfbStartedAt).toBeNull();
  });

  test('the draft is kept per chat and cleared by sending', () => {
    const { actor } = startStream(true);
    actor.send({ type: 'stream.draft', text: 'half-written' });
    expect(actor.getSnapshot().context.draft).toBe('half-written');
    actor.send({ type: 'stream.userMessage', text: 'half-written', timestamp: at });
    expect(actor.getSnapshot().context.draft).toBe('');
  });
});

describe('reconnect schedule (SPEC §9)', () => {
  test('5 s after a drop, doubling, never above 60 s, never NaN after a long outage', () => {
    expect([1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([5000, 10000, 20000, 40000, 60000, 60000]);
    expect(reconnectDelay(5000)).toBe(60000);
  });
});
