import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { transcriptTimeToSeconds } from '../../src/format/transcriptTime';
import { SCENARIOS } from '../../server/db/seeds/conversationScenarios';
import { lineAudio } from '../../server/db/seeds/speech/lineCache';
import { LINE_SAMPLES_FILE } from '../../server/db/seeds/speech/speechLayout';
import { lineKey } from '../../server/db/seeds/speech/voices';
import { startTestServer, type TestServer } from '../../server/testing';
import { readFileSync } from 'node:fs';
import { reportingClient } from './reporting-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Loudness (RMS of 16-bit samples, 0..1) of a WAV between two offsets in seconds. */
function loudness(wav: Uint8Array, from: number, to: number): number {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const rate = view.getUint32(24, true);
  const first = 44 + Math.max(0, Math.round(from * rate)) * 2;
  const last = Math.min(wav.byteLength, 44 + Math.round(to * rate) * 2);
  let sum = 0;
  let count = 0;
  for (let at = first; at + 1 < last; at += 2) {
    const sample = view.getInt16(at, true) / 32768;
    sum += sample * sample;
    count += 1;
  }
  return count ? Math.sqrt(sum / count) : 0;
}

// Synthesis is slow on a busy machine the first time (lines are cached on disk after that).
const SYNTHESIS_TIMEOUT = 120_000;

describe('recordings are the transcript spoken (espeak-ng, two voices)', () => {
  test('every transcript line starts at its time in the served audio: silence before, speech after', async () => {
    const { api, raw } = await reportingClient(server.url, 'admin@example.com');
    const voice = (await api.conversations({ filter: { channel: 'voice' }, show: 20 })).data;
    let checked = 0;
    for (const conversation of voice) {
      const [recording] = await api.tab(conversation.uuid, 'recordings');
      if (!recording?.has_audio || !recording.url) continue;
      const transcript = await api.tab(conversation.uuid, 'transcript');
      const response = await raw(recording.url);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const wav = new Uint8Array(await response.arrayBuffer());
      expect(wav.length).toBe(44 + 2 * 22_050 * recording.audio_seconds!);
      expect(recording.audio_seconds).toBe(recording.duration_seconds);
      for (const line of transcript) {
        const at = Number(transcriptTimeToSeconds(line.time));
        expect(at).toBeLessThan(recording.audio_seconds!);
        expect(loudness(wav, at - 0.15, at - 0.01), `silence before line ${line.position}`).toBeLessThan(0.005);
        expect(loudness(wav, at, at + 0.6), `speech after line ${line.position}`).toBeGreaterThan(0.03);
      }
      checked += 1;
      if (checked === 2) break;
    }
    expect(checked).toBe(2);
  }, SYNTHESIS_TIMEOUT);

  test('the seed’s line lengths (lineSamples.json) cover every scenario line and match the synthesiser', async () => {
    const samples = JSON.parse(readFileSync(LINE_SAMPLES_FILE, 'utf8')) as Record<string, number>;
    const keys = SCENARIOS.flatMap((s) => s.lines.map(([role, text]) => lineKey(role, text)));
    expect(keys.filter((key) => samples[key] === undefined), 'run `npm run seed:speech`').toEqual([]);
    const [bot, user] = [SCENARIOS[0]!.lines[0]!, SCENARIOS[0]!.lines[1]!];
    expect((await lineAudio(bot[0], bot[1])).length).toBe(samples[lineKey(bot[0], bot[1])]);
    expect((await lineAudio(user[0], user[1])).length).toBe(samples[lineKey(user[0], user[1])]);
  }, SYNTHESIS_TIMEOUT);

  test('the two voices differ', async () => {
    const [, text] = SCENARIOS[0]!.lines[0]!;
    const bot = await lineAudio('bot', text);
    const caller = await lineAudio('user', text);
    expect(bot.length).not.toBe(caller.length);
  }, SYNTHESIS_TIMEOUT);
});
