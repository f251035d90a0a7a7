import { useEffect } from 'react';
import { dismissToast, holdToast, undoToast, useToasts } from '../lib/toast-store';
import { canUndo } from '../lib/undo-state';

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT'));
}

/**
 * Toasts at the bottom of the screen: what just happened, with Undo when it can be undone. Ctrl/⌘+Z (outside a
 * text field) undoes the newest one.
 */
export function ToastRegion() {
  const toasts = useToasts();
  const latest = [...toasts].reverse().find(canUndo);

  useEffect(() => {
    if (!latest) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      if (isEditable(event.target)) return;
      event.preventDefault();
      void undoToast(latest.id);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [latest]);

  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications" role="region">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}`}
          data-testid="toast"
          onMouseEnter={() => holdToast(toast.id, true)}
          onMouseLeave={() => holdToast(toast.id, false)}
          onFocus={() => holdToast(toast.id, true)}
          onBlur={() => holdToast(toast.id, false)}
        >
          <p className="toast__message" data-testid="toast-message">
            {toast.status === 'undone' || toast.status === 'undo-failed' ? toast.detail : toast.message}
          </p>
          {canUndo(toast) && (
            <button type="button" className="toast__undo" onClick={() => void undoToast(toast.id)} title="Undo (Ctrl+Z)">
              Undo
            </button>
          )}
          {toast.status === 'undoing' && <span className="toast__busy">Undoing…</span>}
          {toast.status !== 'undoing' && (
            <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
