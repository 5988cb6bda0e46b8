import type { Database } from '../../../db/connection';
import { lineAudio } from '../../../db/seeds/speech/lineCache';
import { SPEECH_SAMPLE_RATE, speakerOf } from '../../../db/seeds/speech/voices';
import { inTurn } from '../../turns';

/**
 * The reference API keeps no real call audio. A recording with audio is served as speech
 * synthesised from the conversation's own transcript (bot and caller in two voices, see
 * db/seeds/speech/): each line starts exactly at its transcript time, so a player that seeks to
 * a line's time hears that line. Lines are synthesised on the first request and cached on disk.
 */
export const WAV_SAMPLE_RATE = SPEECH_SAMPLE_RATE;
/** Guard on what one request may assemble; seeded recordings are well under a minute. */
export const MAX_AUDIO_SECONDS = 600;
const MAX_LINES = 500;

export function audioSeconds(durationSeconds: number): number {
  return Math.max(1, Math.min(MAX_AUDIO_SECONDS, Math.round(durationSeconds)));
}

const secondsOf = (time: string) => {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 0;
};

/** Assembled recordings kept (bytes per server) and for how long. */
const CACHE_BYTES = 64 * 1024 * 1024;
const CACHE_MS = 10 * 60_000;
/** Recordings assembled at once; the others wait their turn (100 requests do not build 100 buffers). */
const MAX_ASSEMBLING = 2;

interface Kept {
  wav: Buffer;
  until: number;
}

const kept = new WeakMap<Database, { entries: Map<string, Kept>; bytes: number }>();
const building = new WeakMap<Database, Map<string, Promise<Buffer>>>();
let assembling = 0;
const waitingToAssemble: (() => void)[] = [];

function keptOf(db: Database): { entries: Map<string, Kept>; bytes: number } {
  let store = kept.get(db);
  if (!store) kept.set(db, (store = { entries: new Map(), bytes: 0 }));
  return store;
}

function keep(db: Database, key: string, wav: Buffer): void {
  const store = keptOf(db);
  const old = store.entries.get(key);
  if (old) store.bytes -= old.wav.length;
  store.entries.delete(key);
  store.entries.set(key, { wav, until: Date.now() + CACHE_MS });
  store.bytes += wav.length;
  // Oldest first (Map order).
  for (const [name, entry] of store.entries) {
    if (store.bytes <= CACHE_BYTES) break;
    store.entries.delete(name);
    store.bytes -= entry.wav.length;
  }
}

async function assemblySlot(): Promise<() => void> {
  if (assembling >= MAX_ASSEMBLING) await new Promise<void>((resolve) => waitingToAssemble.push(resolve));
  assembling += 1;
  return () => {
    assembling -= 1;
    waitingToAssemble.shift()?.();
  };
}

/**
 * A 16-bit mono PCM WAV of `seconds`, with each transcript line spoken at its time. Assembled
 * once per conversation and length (however many ask at once) and kept for CACHE_MS within
 * CACHE_BYTES; at most MAX_ASSEMBLING are built at a time, one line per shared turn of the event
 * loop (server/http/turns.ts), and lines are synthesised in a worker thread (synthesise.ts).
 */
export function speechRecordingWav(db: Database, conversationId: number, seconds: number): Promise<Buffer> {
  const key = `${conversationId}:${audioSeconds(seconds)}`;
  const hit = keptOf(db).entries.get(key);
  if (hit && hit.until > Date.now()) return Promise.resolve(hit.wav);
  let inFlight = building.get(db);
  if (!inFlight) building.set(db, (inFlight = new Map()));
  const running = inFlight.get(key);
  if (running) return running;
  const made = (async () => {
    const release = await assemblySlot();
    try {
      const wav = await assemble(db, conversationId, seconds);
      keep(db, key, wav);
      return wav;
    } finally {
      release();
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, made);
  return made;
}

async function assemble(db: Database, conversationId: number, seconds: number): Promise<Buffer> {
  const lines = db
    .prepare(`SELECT role, text, time FROM conversation_transcript_lines WHERE conversation_id = ? AND role != 'system' ORDER BY position LIMIT ${MAX_LINES}`)
    .all(conversationId) as { role: string; text: string; time: string }[];
  const samples = audioSeconds(seconds) * WAV_SAMPLE_RATE;
  const buffer = Buffer.alloc(44 + samples * 2);
  writeHeader(buffer, samples);
  // The samples as 16-bit integers (the header's 44 bytes keep them aligned).
  const pcmOut = new Int16Array(buffer.buffer, buffer.byteOffset + 44, samples);
  // Samples before this index may hold a line already; after it the buffer is still silent.
  let written = 0;
  for (const line of lines) {
    const pcm = await lineAudio(speakerOf(line.role), line.text);
    const start = Math.round(secondsOf(line.time) * WAV_SAMPLE_RATE);
    const count = Math.max(0, Math.min(pcm.length, samples - start));
    await inTurn(() => {
      // Mixed, not overwritten, where two lines overlap (sample by sample: slow, and rare);
      // the rest is copied into silence in one native copy (a JS loop over every sample of 100
      // recordings held the event loop for seconds).
      const mixed = Math.min(count, Math.max(0, written - start));
      for (let i = 0; i < mixed; i += 1) pcmOut[start + i] = Math.max(-32768, Math.min(32767, (pcmOut[start + i] as number) + (pcm[i] as number)));
      if (count > mixed) pcmOut.set(pcm.subarray(mixed, count), start + mixed);
    });
    written = Math.max(written, start + count);
  }
  return buffer;
}

function writeHeader(buffer: Buffer, samples: number): void {
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // PCM header size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(WAV_SAMPLE_RATE, 24);
  buffer.writeUInt32LE(WAV_SAMPLE_RATE * 2, 28); // byte rate: 2 bytes per sample
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
}
