import { statusCode, type OperationActor } from '../../machines/operation';

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

/** THE way a view confirms a write: the toast region (role="status") says it. */
export function announce(message: string, action?: Toast['action']): void {
  const toast: Toast = { id: nextId++, message, action };
  toasts = [...toasts, toast].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismissToast(toast.id), action ? WITH_ACTION_MS : PLAIN_MS);
}

/** Announces `message` once `operation` (already started) succeeds; a failure shows where it happened. */
export function announceWhenDone(operation: OperationActor, message: string, action?: Toast['action']): void {
  const subscription = operation.subscribe((snapshot) => {
    const status = statusCode(snapshot);
    if (status === 0 || status === 1) return;
    subscription.unsubscribe();
    if (status === 2) announce(message, action);
  });
}
