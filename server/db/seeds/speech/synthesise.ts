import { SPEECH_SAMPLE_RATE, VOICES, type Speaker } from './voices';

/**
 * One line of speech from espeak-ng compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later).
 * Only the reference API's demo recordings use it: it is loaded on the first recording request,
 * never at start-up, and never reaches the portal's bundle.
 *
 * Each call instantiates the module afresh (it exits after one run, and does not export
 * `callMain`), about 0.1 s a sentence; calls are queued one at a time to bound CPU and memory.
 */
interface EspeakModule {
  FS: { readFile(path: string): Uint8Array };
}
type EspeakFactory = (options: { arguments: string[]; print: (text: string) => void; printErr: (text: string) => void }) => Promise<EspeakModule>;

async function loadEspeak(): Promise<EspeakFactory> {
  // @ts-expect-error npm `espeak-ng` ships no types; its default export is the Emscripten module factory.
  const module = (await import('espeak-ng')) as { default: EspeakFactory };
  return module.default;
}

let factory: Promise<EspeakFactory> | undefined;
let queue: Promise<unknown> = Promise.resolve();

const MAX_LINE_CHARACTERS = 1_000;

/** The line's 16-bit samples at SPEECH_SAMPLE_RATE, without the WAV header. */
export function synthesise(speaker: Speaker, text: string): Promise<Int16Array> {
  const run = async () => {
    factory ??= loadEspeak();
    const espeak = await (await factory)({
      // `--` ends the options: a line starting with '-' is still text.
      arguments: ['-v', VOICES[speaker], '-w', 'line.wav', '--', text.slice(0, MAX_LINE_CHARACTERS)],
      print: () => {},
      printErr: () => {},
    });
    return pcmOfWav(espeak.FS.readFile('line.wav'));
  };
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
