/**
 * Long jobs of the server (CSV exports, assembling recordings) run a short step at a time, and
 * all of them together get at most TURN_BUDGET_MS of each turn of the event loop; then the loop
 * polls the network again, so a request that arrives meanwhile waits about one budget, however
 * many jobs run.
 *
 * Each job yielding with setImmediate was not enough: immediates queued before a turn all run
 * in that turn, so 40 exports with 6 ms chunks held every other request for 240 ms. Here a job
 * hands its next step to `inTurn` and the steps run in arrival order (round robin: a job queues
 * its next step only after the last one ran); steps queued after the budget is spent wait for
 * the next turn (setImmediate from inside the check phase runs after the next poll).
 */
export const TURN_BUDGET_MS = 8;

interface Step {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const queue: Step[] = [];
let scheduled = false;

function runTurn(): void {
  scheduled = false;
  const started = performance.now();
  // At least one step per turn, so a step longer than the budget still progresses.
  do {
    const step = queue.shift()!;
    try {
      step.resolve(step.work());
    } catch (error) {
      step.reject(error);
    }
  } while (queue.length > 0 && performance.now() - started < TURN_BUDGET_MS);
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(runTurn);
}

/** Runs `work` (synchronous, a few milliseconds at most) in a later turn of the event loop, within the shared budget. */
export function inTurn<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    schedule();
  });
}
