import { afterEach, expect, test, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../src/views/lazyView';

afterEach(() => vi.useRealTimers());

test('SPEC §9: a route chunk that has not arrived after 120000 ms fails as a ChunkLoadError', async () => {
  vi.useFakeTimers();
  expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  const never = new Promise<never>(() => {});
  const result = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS);
  const settled = vi.fn();
  result.catch(settled);
  await vi.advanceTimersByTimeAsync(119_999);
  expect(settled).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  await expect(result).rejects.toMatchObject({ name: 'ChunkLoadError', message: 'Loading this page took too long.' });
});

test('a failed import becomes a ChunkLoadError; a chunk in time passes through', async () => {
  await expect(withTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 1000)).rejects.toMatchObject({ name: 'ChunkLoadError' });
  await expect(withTimeout(Promise.resolve('view'), 1000)).resolves.toBe('view');
});
