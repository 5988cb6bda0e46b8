import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEBOUNCE_MS, debounce } from '../../../src/format/debounce';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('default delay is 300 ms (SPEC §9)', () => {
    expect(DEBOUNCE_MS).toBe(300);
    const fn = vi.fn();
    const d = debounce(fn);
    d();
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['single call', [0], 1, 'a0'],
    ['burst collapses to the last call', [0, 100, 200], 1, 'a200'],
    ['calls further apart than the delay each run', [0, 400, 800], 3, 'a800'],
  ])('%s', (_name, offsets, calls, lastArg) => {
    const fn = vi.fn<(arg: string) => void>();
    const d = debounce(fn, 300);
    let t = 0;
    for (const at of offsets) {
      vi.advanceTimersByTime(at - t);
      t = at;
      d(`a${at}`);
    }
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(calls);
    expect(fn).toHaveBeenLastCalledWith(lastArg);
  });

  test('cancel drops the pending call', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d();
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });

  test('flush runs the pending call now with the latest arguments, once', () => {
    const fn = vi.fn<(n: number) => void>();
    const d = debounce(fn, 100);
    d(1);
    d(2);
    d.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  test('flush with nothing pending does nothing', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d.flush();
    d();
    vi.advanceTimersByTime(100);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
