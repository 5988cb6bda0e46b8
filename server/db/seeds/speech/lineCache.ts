import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthesise } from './synthesise';
import { lineKey, VOICES, type Speaker } from './voices';

/**
 * Synthesised lines cached on disk (raw 16-bit PCM, one file a line), so a line is synthesised
 * once per machine, not once per server start or test database. SPEECH_CACHE_DIR moves it; the
 * default sits beside the database under server/data/ (ignored by git).
 */
const DEFAULT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data/speech');
// Bump when the synthesis itself changes (voices are part of each key already).
const CACHE_VERSION = 'espeak-ng-1.0.2';

const cacheDir = () => process.env.SPEECH_CACHE_DIR ?? DEFAULT_DIR;
const inFlight = new Map<string, Promise<Int16Array>>();

function fileOf(speaker: Speaker, text: string): string {
  const hash = createHash('sha256').update(`${CACHE_VERSION}|${VOICES[speaker]}|${lineKey(speaker, text)}`).digest('hex').slice(0, 32);
  return path.join(cacheDir(), `${hash}.pcm`);
}

function readCached(file: string): Int16Array | undefined {
  try {
    const bytes = readFileSync(file);
    return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 2));
  } catch {
    return undefined;
  }
}

function writeCached(file: string, pcm: Int16Array): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Write then rename: parallel test servers never read a half-written file.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    renameSync(temporary, file);
  } catch {
    // A read-only disk only costs speed: the line is synthesised again next time.
  }
}

/** The line's samples: from the disk cache, else synthesised now (once, however many ask). */
export function lineAudio(speaker: Speaker, text: string): Promise<Int16Array> {
  const file = fileOf(speaker, text);
  const cached = readCached(file);
  if (cached) return Promise.resolve(cached);
  let pending = inFlight.get(file);
  if (!pending) {
    pending = synthesise(speaker, text)
      .then((pcm) => {
        writeCached(file, pcm);
        return pcm;
      })
      .finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}
