import type { OutcomeHandlers } from '../../machines/operation';

/** One confirmation after a write, optionally with a way to take it back. */
export interface Toast {
  id: number;
  message: string;
  action?: { label: string; run: () => void };
}

/** How long a confirmation stays: longer when it offers Undo, so there is time to reach it. */
const PLAIN_MS = 6000;
const WITH_ACTION_MS = 10000;
/** At most this many at once: a burst of writes never covers the page. */
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): readonly Toast[] => toasts;

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** THE way a view confirms a write: the toast region (role="status") says it; `ms`: how long it stays. */
export function announce(message: string, action?: Toast['action'], ms = action ? WITH_ACTION_MS : PLAIN_MS): number {
  const toast: Toast = { id: nextId++, message, action };
  toasts = [...toasts, toast].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismissToast(toast.id), ms);
  return toast.id;
}

/**
 * A listener of a write's outcome (pass it to the sender) that announces `message` once the
 * write succeeds; a failure shows where it happened. It outlives the view that asked: a deleted
 * row's button is gone by then.
 */
export function announcing(message: string, action?: Toast['action']): OutcomeHandlers {
  return { succeeded: () => announce(message, action) };
}
