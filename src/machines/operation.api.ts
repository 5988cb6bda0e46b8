import type { OperationEvent } from './operation';

/**
 * A stand-alone operation's named API (convention: auth.api.ts): `start(input)` runs the call
 * (a newer start supersedes a running one), `reset` is SPEC §4's init. Reads go through
 * `useOperation` (views/common/useOperation.ts), which names the state from the machine.
 */
export function operationApi<I = unknown>(operation: { send(event: OperationEvent): void }) {
  return {
    start: (input: I) => operation.send({ type: 'operation.start', input }),
    reset: () => operation.send({ type: 'operation.reset' }),
  };
}
