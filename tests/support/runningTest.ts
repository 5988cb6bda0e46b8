/** The e2e test now running, as tests/support/setupE2E.ts notes it (other projects note none). */
let running: { result?: { state?: string } } | undefined;

export function noteRunningTest(task: { result?: { state?: string } }) {
  running = task;
}

/** Whether the test now running has failed: an e2e's close() then reports what it sees first. */
export const runningTestFailed = () => running?.result?.state === 'fail';
