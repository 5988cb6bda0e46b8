import { lazy, useEffect, useReducer, type ComponentType, type LazyExoticComponent } from 'react';

/** SPEC §9: a route chunk that has not arrived in 120 s is treated as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message = 'This page could not be loaded.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('Loading this page took too long.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error && error.name === 'ChunkLoadError' ? error : new ChunkLoadError());
      },
    );
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route views take their own props
export type ViewModule = { default: ComponentType<any> };

export type LazyView = LazyExoticComponent<ViewModule['default']> & {
  /** Starts loading the chunk now (e.g. while the session is restored); safe to call again. */
  warm(): Promise<ViewModule>;
  isLoaded(): boolean;
};

/**
 * A view loaded on first use, with SPEC's chunk time-out. Once its chunk is in, it is handed to
 * React synchronously: React.lazy suspends on any pending promise, and React 19 holds a revealed
 * Suspense boundary back for up to 300 ms, so a chunk fetched early (`warm`) would wait anyway.
 */
export function lazyView(load: () => Promise<ViewModule>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): LazyView {
  let loaded: ViewModule | undefined;
  let pending: Promise<ViewModule> | undefined;
  const warm = () =>
    (pending ??= withTimeout(load(), timeoutMs).then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // a retry loads it again
        throw error;
      },
    ));
  // A thenable that resolves synchronously: React reads the module without suspending.
  const ready = (module: ViewModule) => ({ then: (resolve: (m: ViewModule) => void) => resolve(module) }) as unknown as Promise<ViewModule>;
  return Object.assign(
    lazy(() => (loaded ? ready(loaded) : warm())),
    { warm, isLoaded: () => loaded !== undefined },
  );
}

/** A chunk loaded on first use (a view, a route's loader): whether it is in, and how to ask for it. */
export interface LazyChunk {
  isLoaded(): boolean;
  load(): Promise<unknown>;
}

/**
 * Whether `chunk` is in (`loaded`) or did not come (`failed`); asks for it otherwise and renders
 * again when it settles. Stable `chunk` objects only (the route table's).
 */
export function useChunk(chunk: LazyChunk | undefined): { loaded: boolean; failed: boolean } {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const loaded = !chunk || chunk.isLoaded();
  const [failedChunk, markFailed] = useReducer((_: LazyChunk | null, failed: LazyChunk) => failed, null);
  useEffect(() => {
    if (!chunk) return;
    // The chunk may have arrived between this render and its effect: render again now.
    if (chunk.isLoaded()) {
      if (!loaded) rerender();
      return;
    }
    let live = true;
    chunk.load().then(
      () => live && rerender(),
      () => live && markFailed(chunk),
    );
    return () => {
      live = false;
    };
  }, [chunk, loaded]);
  return { loaded, failed: !loaded && chunk !== undefined && failedChunk === chunk };
}

const viewChunks = new WeakMap<LazyView, LazyChunk>();

/**
 * Whether a lazy view can render without suspending; until then the caller shows its own loading
 * state. Rendering only loaded views keeps React's Suspense reveal throttle (up to 300 ms per
 * boundary) off the critical path. A chunk that fails also counts as "ready": rendering it then
 * throws into the error boundary, which offers a retry.
 */
export function useViewReady(view: LazyView): boolean {
  let chunk = viewChunks.get(view);
  if (!chunk) viewChunks.set(view, (chunk = { isLoaded: () => view.isLoaded(), load: () => view.warm() }));
  const { loaded, failed } = useChunk(chunk);
  return loaded || failed;
}
