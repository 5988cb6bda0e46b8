/**
 * One flush per animation frame for every streaming view, however fast deltas arrive: callers
 * collect text outside React and register a flush here; all flushes of a frame run in one task,
 * so React batches their state updates into a single commit. requestAnimationFrame pauses in
 * hidden tabs, so a timer flushes too (throttled, never debounced: it fires while deltas flow).
 */
const FALLBACK_MS = 100;

const pending = new Set<() => void>();
let frame: number | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function run(): void {
  if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
  if (timer !== null) clearTimeout(timer);
  frame = null;
  timer = null;
  const flushes = [...pending];
  pending.clear();
  for (const flush of flushes) flush();
}

export function scheduleFlush(flush: () => void): void {
  pending.add(flush);
  if (timer !== null) return;
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(run);
  timer = setTimeout(run, FALLBACK_MS);
}

export function cancelFlush(flush: () => void): void {
  pending.delete(flush);
}
