import { http, HttpResponse } from 'msw';
import { createActor } from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import { createHttp } from '../../src/api/http';
import { AUDIO_PART_BYTES, createRecordingAudioApi } from '../../src/api/recordingAudio';
import { parseRuntimeConfig } from '../../src/config';
import { createConversationPlayerMachine, lineAt, type PlayerEmitted } from '../../src/machines/conversationPlayer';
import { mswServer } from '../support/setupMsw';

const API = 'http://api.test';
const AUDIO = `${API}/api/v1/reporting/conversations/c-1/recordings/r-1/audio`;

function startPlayer(partBytes?: number) {
  const api = createRecordingAudioApi(createHttp(parseRuntimeConfig({ apiOrigin: API })), partBytes ? { partBytes } : {});
  const actor = createActor(createConversationPlayerMachine((url, signal) => api.audio(url, signal))).start();
  const emitted: PlayerEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, emitted };
}

const settled = (actor: ReturnType<typeof startPlayer>['actor']) =>
  new Promise<void>((resolve) => {
    const check = () => !actor.getSnapshot().matches('loading') && resolve();
    actor.subscribe(check);
    check();
  });

describe('conversation player', () => {
  test('loads the audio through the API, then play, seek and skip are requested of the media', async () => {
    mswServer.use(http.get(AUDIO, () => new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } })));
    const { actor, emitted } = startPlayer();
    actor.send({ type: 'player.load', url: AUDIO });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ ready: 'paused' });
    expect(actor.getSnapshot().context.audio?.size).toBe(4);

    actor.send({ type: 'player.ready', duration: 24 });
    actor.send({ type: 'player.toggle' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'playing' });
    actor.send({ type: 'player.seek', seconds: 9.1 });
    actor.send({ type: 'player.skip', seconds: 30 });
    actor.send({ type: 'player.skip', seconds: -100 });
    actor.send({ type: 'player.toggle' });
    expect(emitted).toEqual([
      { type: 'player.playRequested' },
      { type: 'player.seekRequested', seconds: 9.1 },
      { type: 'player.seekRequested', seconds: 24 },
      { type: 'player.seekRequested', seconds: 0 },
      { type: 'player.pauseRequested' },
    ]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'paused' });
  });

  test('the media reports time and its own play, pause and end; following can be paused and resumed', async () => {
    mswServer.use(http.get(AUDIO, () => new HttpResponse(new Uint8Array([1, 2]), { headers: { 'content-type': 'audio/wav' } })));
    const { actor, emitted } = startPlayer();
    actor.send({ type: 'player.load', url: AUDIO });
    await settled(actor);
    actor.send({ type: 'player.started' });
    actor.send({ type: 'player.timeChanged', seconds: 3.4 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'playing' });
    expect(actor.getSnapshot().context.currentTime).toBe(3.4);
    actor.send({ type: 'player.ended' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'paused' });
    actor.send({ type: 'player.follow', following: false });
    expect(actor.getSnapshot().context.following).toBe(false);
    actor.send({ type: 'player.follow', following: true });
    expect(actor.getSnapshot().context.following).toBe(true);
    expect(emitted).toEqual([]);
  });

  test('a failed download keeps SPEC §8 text and can be retried; another recording starts over', async () => {
    let fail = true;
    mswServer.use(
      http.get(AUDIO, () => (fail ? HttpResponse.json({ message: 'Recording not found.' }, { status: 404 }) : new HttpResponse(new Uint8Array([1]), { headers: { 'content-type': 'audio/wav' } }))),
    );
    const { actor } = startPlayer();
    actor.send({ type: 'player.load', url: AUDIO });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ summary: 'Error Loading Record', detail: expect.any(String), status: 404 });
    fail = false;
    actor.send({ type: 'player.retry' });
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ ready: 'paused' });
    actor.send({ type: 'player.load', url: AUDIO });
    expect(actor.getSnapshot().value).toEqual({ ready: 'paused' }); // the same recording is not fetched twice
    actor.send({ type: 'player.unload' });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.audio).toBeNull();
  });
});

describe('the recording’s audio (issue 26)', () => {
  const PART = 16;

  test('parts are 4 MB by default', () => expect(AUDIO_PART_BYTES).toBe(4 * 1024 * 1024));

  test('on the API’s origin: fetched with the session in HTTP Range parts, put back together in order', async () => {
    const file = new Uint8Array(2 * PART + 10).map((_, i) => i % 251);
    const asked: { range: string | null; xrw: string | null }[] = [];
    mswServer.use(
      http.get(AUDIO, ({ request }) => {
        const range = request.headers.get('range');
        asked.push({ range, xrw: request.headers.get('x-requested-with') });
        const [, from, to] = /bytes=(\d+)-(\d+)/.exec(range ?? '') ?? [];
        const start = Number(from);
        const end = Math.min(Number(to), file.length - 1);
        return new HttpResponse(file.slice(start, end + 1), { status: 206, headers: { 'content-type': 'audio/wav', 'content-range': `bytes ${start}-${end}/${file.length}` } });
      }),
    );
    const { actor } = startPlayer(PART);
    actor.send({ type: 'player.load', url: AUDIO });
    await settled(actor);
    const audio = actor.getSnapshot().context.audio!;
    expect(asked.map((a) => a.range)).toEqual([`bytes=0-${PART - 1}`, `bytes=${PART}-${2 * PART - 1}`, `bytes=${2 * PART}-${3 * PART - 1}`]);
    expect(asked.every((a) => a.xrw === 'XMLHttpRequest')).toBe(true);
    expect(audio.type).toBe('audio/wav');
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(file);
  });

  test('a backend that ignores Range answers 200 with the whole file: one request', async () => {
    let calls = 0;
    mswServer.use(http.get(AUDIO, () => ((calls += 1), new HttpResponse(new Uint8Array(PART + 5), { headers: { 'content-type': 'audio/mpeg' } }))));
    const { actor } = startPlayer(PART);
    actor.send({ type: 'player.load', url: AUDIO });
    await settled(actor);
    expect(calls).toBe(1);
    expect(actor.getSnapshot().context.audio?.size).toBe(PART + 5);
  });

  test('on another origin (a storage bucket’s signed link): fetched as given, without the session’s credentials or tokens', async () => {
    const elsewhere = vi.fn<typeof fetch>(async () => new Response(new Uint8Array([9, 9, 9]), { headers: { 'content-type': 'audio/mpeg' } }));
    const api = createRecordingAudioApi(createHttp(parseRuntimeConfig({ apiOrigin: API })), { fetchElsewhere: elsewhere as typeof fetch });
    const blob = await api.audio('https://bucket.example/r-1.mp3?X-Amz-Signature=abc');
    expect(blob.size).toBe(3);
    expect(elsewhere).toHaveBeenCalledTimes(1);
    const [url, init] = elsewhere.mock.calls[0]!;
    expect(String(url)).toBe('https://bucket.example/r-1.mp3?X-Amz-Signature=abc');
    expect(init).toMatchObject({ credentials: 'omit' });
    expect(init?.headers).toBeUndefined();
  });
});

describe('the line being spoken', () => {
  test('is the last line starting at or before the time', () => {
    const starts = [0.5, 4.6, 9.1, 12.8];
    expect(lineAt(starts, 0)).toBe(-1);
    expect(lineAt(starts, 0.5)).toBe(0);
    expect(lineAt(starts, 9.0999)).toBe(2);
    expect(lineAt(starts, 11)).toBe(2);
    expect(lineAt(starts, 100)).toBe(3);
    expect(lineAt([], 3)).toBe(-1);
  });
});
