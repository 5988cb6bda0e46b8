import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts } from './toasts';
import './toasts.css';

/** The one live region that confirms writes ("Tool created.", "Removed “Sales”." with Undo). */
export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast">
          <span>{toast.message}</span>
          {toast.action && (
            <button
              type="button"
              className="button"
              onClick={() => {
                dismissToast(toast.id);
                toast.action!.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" className="link-button" aria-label={`Dismiss: ${toast.message}`} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
