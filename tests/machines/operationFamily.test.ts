import { describe, expect, test } from 'vitest';
import { createActor, enqueueActions, setup, waitFor } from 'xstate';
import { defineOperations, operationOf, type ReportOf } from '../../src/machines/operation';

/** A parent of two kinds that keeps every report it hears, in order. */
function parentOf(calls: { double: (n: number, signal: AbortSignal, report: (p: unknown) => void) => Promise<number>; greet: (name: string) => Promise<string> }) {
  const family = defineOperations(
    { double: { summary: 'Error Doubling', call: calls.double }, greet: { summary: 'Error Greeting', call: calls.greet } },
    (kind) => `test:${kind}`,
  );
  type Report = ReportOf<{ double: { summary: string; call: typeof calls.double }; greet: { summary: string; call: typeof calls.greet } }>;
  const machine = setup({ types: { context: {} as { heard: Report[] }, events: {} as Report | { type: 'go'; n: number; name: string } }, actors: family.actors }).createMachine({
    context: { heard: [] },
    entry: enqueueActions(({ enqueue }) => family.spawnAll(enqueue)),
    on: {
      go: {
        actions: enqueueActions(({ enqueue, event }) => {
          enqueue.sendTo('double', family.start('double', event.n));
          enqueue.sendTo('greet', family.start('greet', event.name));
        }),
      },
      'operation.report.succeeded': { actions: enqueueActions(({ enqueue, context, event }) => enqueue.assign({ heard: [...context.heard, event] })) },
      'operation.report.failed': { actions: enqueueActions(({ enqueue, context, event }) => enqueue.assign({ heard: [...context.heard, event] })) },
    },
  });
  return { family, parent: createActor(machine).start() };
}

describe('an operation family (defineOperations)', () => {
  test('each kind runs its own call and reports under its own kind; progress reaches the kind that reported it', async () => {
    let reportProgress!: (p: unknown) => void;
    let finish!: () => void;
    const { parent } = parentOf({
      double: (n, _signal, report) => {
        reportProgress = report;
        return new Promise<number>((resolve) => (finish = () => resolve(n * 2)));
      },
      greet: async (name) => `hello ${name}`,
    });
    parent.send({ type: 'go', n: 21, name: 'Ada' });
    await waitFor(parent, (s) => s.context.heard.length === 1);
    expect(parent.getSnapshot().context.heard[0]).toMatchObject({ type: 'operation.report.succeeded', kind: 'greet', output: 'hello Ada', input: 'Ada' });
    reportProgress('half way');
    expect(operationOf(parent, 'double').getSnapshot().context.progress).toBe('half way');
    expect(operationOf(parent, 'greet').getSnapshot().context.progress).toBeUndefined();
    finish();
    await waitFor(parent, (s) => s.context.heard.length === 2);
    expect(parent.getSnapshot().context.heard[1]).toMatchObject({ type: 'operation.report.succeeded', kind: 'double', output: 42, input: 21 });
  });

  test('a failure is reported under its kind with that kind’s summary', async () => {
    const { parent } = parentOf({ double: async () => { throw new TypeError('Failed to fetch'); }, greet: async (name) => name });
    parent.send({ type: 'go', n: 1, name: 'x' });
    await waitFor(parent, (s) => s.context.heard.some((r) => r.type === 'operation.report.failed'));
    const failed = parent.getSnapshot().context.heard.find((r) => r.type === 'operation.report.failed');
    expect(failed).toMatchObject({ kind: 'double', input: 1 });
    expect(failed && 'error' in failed ? failed.error.summary : '').toBe('Error Doubling');
  });

  test('the whole family is one statechart, built once, not one per kind (a page opens dozens of operations)', () => {
    const { family } = parentOf({ double: async (n) => n, greet: async (name) => name });
    expect(new Set(Object.values(family.actors)).size).toBe(1);
  });
});
