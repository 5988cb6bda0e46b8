import { lazy, type ComponentType } from 'react';

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

/** A route view loaded on first use, with SPEC's chunk time-out. */
export function lazyView(load: () => Promise<ViewModule>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return lazy(() => withTimeout(load(), timeoutMs));
}
