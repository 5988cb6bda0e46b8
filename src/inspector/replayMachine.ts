import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { InspectedActor } from './actors';
import { replayWalk, type ReplayResult } from './replay';
import type { Walk } from './walk';

export interface ReplayInput {
  walk: Walk;
  values: Record<number, Record<string, string>>;
}

export type ReplayEvent =
  | ({ type: 'replay.start' } & ReplayInput)
  | { type: 'replay.cancel' }
  | { type: 'replay.progress'; message: string }
  | { type: 'replay.finished'; result: ReplayResult };

interface ReplayContext {
  progress: string;
  result: ReplayResult | null;
}

/** The replay of a walk file: idle → running → passed | failed; leaving `running` aborts it. */
export function createReplayMachine(resolveActor: (systemId: string) => InspectedActor | undefined) {
  return setup({
    types: { context: {} as ReplayContext, events: {} as ReplayEvent },
    actors: {
      replay: fromCallback<ReplayEvent, ReplayInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        void replayWalk(input.walk, {
          resolveActor,
          values: input.values,
          signal: controller.signal,
          onProgress: (message) => sendBack({ type: 'replay.progress', message }),
        }).then((result) => sendBack({ type: 'replay.finished', result }));
        return () => controller.abort();
      }),
    },
  }).createMachine({
    id: 'replay',
    context: { progress: '', result: null },
    initial: 'idle',
    on: {
      'replay.start': { target: '.running', reenter: true },
    },
    states: {
      idle: {},
      running: {
        entry: assign({ progress: 'Starting…', result: null }),
        invoke: {
          src: 'replay',
          input: ({ event }) => {
            const start = event as Extract<ReplayEvent, { type: 'replay.start' }>;
            return { walk: start.walk, values: start.values };
          },
        },
        on: {
          'replay.progress': { actions: assign({ progress: ({ event }) => event.message }) },
          'replay.finished': [
            { guard: ({ event }) => event.result.ok, target: 'passed', actions: assign({ result: ({ event }) => event.result }) },
            { target: 'failed', actions: assign({ result: ({ event }) => event.result }) },
          ],
          'replay.cancel': 'idle',
        },
      },
      passed: {},
      failed: {},
    },
  });
}

export type ReplayActor = ActorRefFrom<ReturnType<typeof createReplayMachine>>;
