import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import type { ChatStreamEvent } from '../../src/api/chatSocket';
import type { LiveStatus } from '../../src/api/liveWatch';
import { ApiError } from '../../src/api/errors';
import { createLiveWatchMachine, MAX_WATCHED_LINES, type WatchReport } from '../../src/machines/liveWatch';
import { liveWatchApi, liveWatchSelectors as pick } from '../../src/machines/liveWatch.api';

/** A live watch over a scripted backend: the HTTP answer given, the socket's reports sent by the test. */
function setUp(status: () => Promise<LiveStatus>) {
  const sockets: { conversationId: string; report: (r: WatchReport) => void; closed: boolean }[] = [];
  const actor = createActor(
    createLiveWatchMachine({
      status: () => status(),
      watch: (conversationId, report) => {
        const socket = { conversationId, report, closed: false };
        sockets.push(socket);
        return () => (socket.closed = true);
      },
    }),
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, api: liveWatchApi(actor), sockets, settle, snap: () => actor.getSnapshot() };
}

const event = (seq: number, e: ChatStreamEvent): WatchReport => ({
  type: 'watch.event',
  event: { seq, timestamp: '2026-01-01T00:00:00.000Z', event: e },
});

describe('the live watch (a supervisor follows a live chat or call read-only)', () => {
  test('checks, watches from the snapshot, streams a reply delta by delta, drops repeats, ends on terminate and closes the socket', async () => {
    const { api, sockets, settle, snap } = setUp(async () => ({ live: true, channel: 'chat' }));
    api.start('conv-1');
    expect(pick.busy(snap())).toBe(true);
    await settle();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.conversationId).toBe('conv-1');
    const socket = sockets[0]!;
    socket.report({ type: 'watch.answered', outcome: { transcript: [{ role: 'system', text: 'Chat started with Demo bot.', timestamp: '' }], typing: null, lastSeq: 2 } });
    expect(pick.watching(snap())).toBe(true);
    expect(pick.busy(snap())).toBe(false);

    socket.report(event(2, { type: 'system', text: 'already in the snapshot' }));
    socket.report(event(3, { type: 'message', role: 'user', msg: 'Hi' }));
    socket.report(event(4, { type: 'typing-delta-start' }));
    socket.report(event(5, { type: 'typing-delta', delta: 'Hel' }));
    expect(pick.typing(snap())).toBe('Hel');
    socket.report(event(6, { type: 'typing-delta', delta: 'lo' }));
    socket.report(event(6, { type: 'typing-delta', delta: 'lo' }));
    expect(pick.typing(snap())).toBe('Hello');
    socket.report(event(7, { type: 'typing-delta-end' }));
    expect(pick.typing(snap())).toBeNull();
    expect(pick.lines(snap()).map((l) => `${l.role}:${l.text}`)).toEqual(['system:Chat started with Demo bot.', 'user:Hi', 'bot:Hello']);

    socket.report(event(8, { type: 'system', text: 'Chat ended by the operator.' }));
    socket.report(event(9, { type: 'terminate' }));
    expect(pick.ended(snap())).toBe(true);
    expect(socket.closed).toBe(true);
    expect(pick.lines(snap()).at(-1)?.text).toBe('Chat ended by the operator.');
  });

  test('a backend without the call (404/405) or the event (no answer) is unavailable, quietly; 403 and a refusal say why; not live: nothing', async () => {
    for (const status of [404, 405]) {
      const { api, settle, snap } = setUp(() => Promise.reject(new ApiError({ status, detail: 'Not Found' })));
      api.start('conv-1');
      await settle();
      expect(pick.unavailable(snap())).toBe(true);
    }
    const forbidden = setUp(() => Promise.reject(new ApiError({ status: 403, detail: 'This action is unauthorized.' })));
    forbidden.api.start('conv-1');
    await forbidden.settle();
    expect(pick.refused(forbidden.snap()) && pick.refusal(forbidden.snap())).toBe('forbidden');

    const unsupported = setUp(async () => ({ live: true, channel: 'chat' }));
    unsupported.api.start('conv-1');
    await unsupported.settle();
    unsupported.sockets[0]!.report({ type: 'watch.answered', outcome: 'unsupported' });
    expect(pick.unavailable(unsupported.snap())).toBe(true);
    expect(unsupported.sockets[0]!.closed).toBe(true);

    const other = setUp(async () => ({ live: true, channel: 'voice' }));
    other.api.start('conv-1');
    await other.settle();
    other.sockets[0]!.report({ type: 'watch.answered', outcome: 'not-found' });
    expect(pick.refusal(other.snap())).toBe('not-found');

    const over = setUp(async () => ({ live: false, channel: 'chat' }));
    over.api.start('conv-1');
    await over.settle();
    expect(over.sockets).toHaveLength(0);
    expect(over.snap().hasTag('idle')).toBe(true);
  });

  test('a lost socket says so and a new start watches again; stop closes the socket; lines are bounded', async () => {
    const { api, sockets, settle, snap } = setUp(async () => ({ live: true, channel: 'chat' }));
    api.start('conv-1');
    await settle();
    sockets[0]!.report({ type: 'watch.answered', outcome: { transcript: [], typing: 'Half a rep', lastSeq: 0 } });
    expect(pick.typing(snap())).toBe('Half a rep');
    for (let seq = 1; seq <= MAX_WATCHED_LINES + 5; seq += 1) sockets[0]!.report(event(seq, { type: 'message', role: 'user', msg: `m${seq}` }));
    expect(pick.lines(snap())).toHaveLength(MAX_WATCHED_LINES);
    expect(pick.lines(snap()).at(-1)?.text).toBe(`m${MAX_WATCHED_LINES + 5}`);
    sockets[0]!.report({ type: 'watch.lost', reason: 'transport close' });
    expect(pick.lost(snap())).toBe(true);
    expect(sockets[0]!.closed).toBe(true);
    api.start('conv-1');
    await settle();
    expect(sockets).toHaveLength(2);
    api.stop();
    expect(sockets[1]!.closed).toBe(true);
    expect(pick.lines(snap())).toEqual([]);
  });
});
