// One espeak-ng (WebAssembly) synthesis per message, off the server's event loop: a sentence
// takes about 0.1 s of CPU, which on the main thread held every other request that long.
// Plain JavaScript so it runs in a worker under tsx, Vitest and plain Node alike.
import { parentPort } from 'node:worker_threads';
import espeak from 'espeak-ng';

parentPort.on('message', async ({ id, args }) => {
  try {
    const module = await espeak({ arguments: args, print: () => {}, printErr: () => {} });
    const wav = module.FS.readFile('line.wav');
    parentPort.postMessage({ id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
