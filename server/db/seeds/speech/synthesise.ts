import { Worker } from 'node:worker_threads';
import { SPEECH_SAMPLE_RATE, VOICES, type Speaker } from './voices';

/**
 * One line of speech from espeak-ng compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later).
 * Only the reference API's demo recordings use it: it is loaded on the first recording request,
 * never at start-up, and never reaches the portal's bundle.
 *
 * Synthesis runs in one worker thread (synthesisWorker.mjs), one line at a time: the event loop
 * that answers requests never runs it (about 0.1 s a sentence), and CPU and memory stay bounded
 * however many recordings are asked for at once. The worker is unref'd: it keeps no process alive.
 */
let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (wav: Uint8Array) => void; reject: (error: Error) => void }>();

function synthesisWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./synthesisWorker.mjs', import.meta.url));
  started.unref();
  started.on('message', (message: { id: number; wav?: Uint8Array; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.wav) waiting?.resolve(message.wav);
    else waiting?.reject(new Error(message.error ?? 'espeak-ng failed'));
  });
  started.on('error', (error) => {
    // A crashed worker fails what it held; the next line starts a new one.
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  });
  worker = started;
  return started;
}

let queue: Promise<unknown> = Promise.resolve();

const MAX_LINE_CHARACTERS = 1_000;

/** The line's 16-bit samples at SPEECH_SAMPLE_RATE, without the WAV header. */
export function synthesise(speaker: Speaker, text: string): Promise<Int16Array> {
  const run = () =>
    new Promise<Uint8Array>((resolve, reject) => {
      const id = (nextId += 1);
      pending.set(id, { resolve, reject });
      // `--` ends the options: a line starting with '-' is still text.
      synthesisWorker().postMessage({ id, args: ['-v', VOICES[speaker], '-w', 'line.wav', '--', text.slice(0, MAX_LINE_CHARACTERS)] });
    }).then(pcmOfWav);
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/** The samples of a canonical 44-byte-header, 16-bit mono WAV as espeak-ng writes it. */
export function pcmOfWav(wav: Uint8Array): Int16Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const rate = view.getUint32(24, true);
  const bits = view.getUint16(34, true);
  if (rate !== SPEECH_SAMPLE_RATE || bits !== 16) throw new Error(`espeak-ng wrote ${rate} Hz ${bits}-bit audio; expected ${SPEECH_SAMPLE_RATE} Hz 16-bit`);
  const bytes = wav.slice(44, 44 + (view.getUint32(40, true) & ~1));
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
}
