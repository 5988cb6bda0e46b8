import { Worker } from 'node:worker_threads';
import type { ServerDrawing, ServerRenderInput } from '../../src/firstScreenHints';

/**
 * Drawing a signed-in page's first screen (serverRender.ts) is CPU work: 10–40 ms for a list of
 * 100 rows on an idle machine, several times that on a busy one. On the server's one thread it
 * held every other request behind it: the page's own scripts and styles (measured on a first
 * visit: requested at 60–120 ms, served only once the drawing was done, at 240–250 ms), and every
 * other user's calls. Here it runs on a thread of its own (drawingWorker.mjs), so the server
 * answers everything else meanwhile.
 *
 * One thread per process, started with the first drawing, never holding the process open. A
 * thread that dies fails the drawings in flight (their pages are drawn by their browsers) and the
 * next drawing starts another. Every drawing is bounded here too: past its time and a margin it is
 * given up and the thread, stuck, is stopped.
 */

/** How long past a drawing's own bound its answer is still waited for (the message's way back on a busy machine). */
const ANSWER_MARGIN_MS = 200;
/** The thread's heap, bounded: a drawing is a page of markup, never this much. */
const HEAP_LIMIT_MB = 256;

interface Pending {
  resolve: (drawing: ServerDrawing | null) => void;
  timer: ReturnType<typeof setTimeout>;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function settle(id: number, drawing: ServerDrawing | null) {
  const waiting = pending.get(id);
  if (!waiting) return;
  pending.delete(id);
  clearTimeout(waiting.timer);
  waiting.resolve(drawing);
}

/** No drawing goes to `thread` any more: those it holds are left to their browsers (every drawing in flight is on the one thread). */
function retire(thread: Worker) {
  if (worker !== thread) return;
  worker = undefined;
  for (const id of [...pending.keys()]) settle(id, null);
}

function drawingWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./drawingWorker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
  started.on('message', ({ id, drawing }: { id: number; drawing: ServerDrawing | null }) => settle(id, drawing));
  const gone = (error?: unknown) => {
    if (error) console.error('The first-screen drawing thread stopped; pages in flight are drawn by their browsers.', error);
    retire(started);
  };
  started.on('error', gone);
  started.on('exit', () => gone());
  // The process may end while the thread lives (a server closing does not wait for it). After the
  // listeners: adding a 'message' listener holds the process open again.
  started.unref();
  worker = started;
  return started;
}

/**
 * A page's first screen drawn by the bundle whose entry is at `entry` (a file URL), on the drawing
 * thread: the drawing, or null (none for this page, a failure, or no answer in time).
 */
export function drawOnThread(entry: string, input: ServerRenderInput): Promise<ServerDrawing | null> {
  return new Promise((resolve) => {
    const id = nextId++;
    let thread: Worker | undefined;
    // A thread that has not answered by then is stuck (a drawing that never yields): it is replaced.
    const timer = setTimeout(() => {
      settle(id, null);
      if (thread && worker === thread) {
        retire(thread);
        void thread.terminate();
      }
    }, input.timeoutMs + ANSWER_MARGIN_MS);
    pending.set(id, { resolve, timer });
    try {
      thread = drawingWorker();
      thread.postMessage({ id, entry, input });
    } catch {
      settle(id, null);
    }
  });
}
