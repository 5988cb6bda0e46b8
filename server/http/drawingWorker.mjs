// The thread that draws signed-in pages' first screens (server/http/drawingThread.ts). Plain
// JavaScript, so node runs it as it is wherever the server runs (tsx, vitest, a plain node).
// It imports the portal's server bundle (`<dist>/ssr/serverRender-<hash>.js`) by the file URL it
// is sent, once per build, and answers each drawing by its id: the drawing, or null.
import { parentPort } from 'node:worker_threads';

/** The bundle's module, by its entry's URL: one build at a time. */
const bundles = new Map();

function bundleAt(entry) {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundles.clear(); // an older build's module is never asked again
    bundle = import(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

parentPort.on('message', async ({ id, entry, input }) => {
  let drawing = null;
  try {
    const { renderFirstScreen } = await bundleAt(entry);
    drawing = (await renderFirstScreen?.(input)) ?? null;
  } catch {
    drawing = null; // a drawing that fails is a page its browser draws
  }
  parentPort.postMessage({ id, drawing });
});
