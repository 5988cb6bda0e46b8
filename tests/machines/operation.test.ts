import { describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { createOperation, statusCode } from '../../src/machines/operation';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('operation statechart', () => {
  test('idle 0 → loading 1 → success 2, output kept', async () => {
    const op = createActor(createOperation(async (n: number) => n * 2), { input: { summary: 'Error Loading Records' } }).start();
    expect(statusCode(op.getSnapshot())).toBe(0);
    op.send({ type: 'operation.start', input: 21 });
    expect(statusCode(op.getSnapshot())).toBe(1);
    await waitFor(op, (s) => s.matches('success'));
    expect(statusCode(op.getSnapshot())).toBe(2);
    expect(op.getSnapshot().context.output).toBe(42);
  });

  test('failed 3 keeps the summary and the server detail', async () => {
    const op = createActor(
      createOperation(async () => {
        throw new ApiError({ status: 422, detail: 'The name field is required.' });
      }),
      { input: { summary: 'New Record Failed' } },
    ).start();
    op.send({ type: 'operation.start' });
    await waitFor(op, (s) => s.matches('failed'));
    expect(statusCode(op.getSnapshot())).toBe(3);
    expect(op.getSnapshot().context.error).toMatchObject({ summary: 'New Record Failed', detail: 'The name field is required.', status: 422 });
  });

  test('an unexpected throw becomes SPEC’s generic text', async () => {
    const op = createActor(createOperation(async () => { throw new TypeError('Failed to fetch'); }), { input: { summary: 'Error Loading Records' } }).start();
    op.send({ type: 'operation.start' });
    await waitFor(op, (s) => s.matches('failed'));
    expect(op.getSnapshot().context.error?.detail).toBe('API Error, please try again.');
  });

  test('a newer request supersedes an older one: the stale response never wins, and its signal aborts', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const op = createActor(
      createOperation((which: 'first' | 'second', signal) => {
        signals.push(signal);
        return which === 'first' ? first.promise : second.promise;
      }),
      { input: { summary: 'Error Loading Records' } },
    ).start();
    op.send({ type: 'operation.start', input: 'first' });
    op.send({ type: 'operation.start', input: 'second' });
    expect(signals[0]?.aborted).toBe(true);
    second.resolve('newer');
    await waitFor(op, (s) => s.matches('success'));
    first.resolve('stale');
    await new Promise((r) => setTimeout(r, 10));
    expect(op.getSnapshot().context.output).toBe('newer');
  });

  test('reset (SPEC init) returns to idle and clears output and error', async () => {
    const op = createActor(createOperation(async () => [1, 2, 3]), { input: { summary: 'x' } }).start();
    op.send({ type: 'operation.start' });
    await waitFor(op, (s) => s.matches('success'));
    op.send({ type: 'operation.reset' });
    expect(op.getSnapshot().value).toBe('idle');
    expect(op.getSnapshot().context.output).toBeUndefined();
  });
});
