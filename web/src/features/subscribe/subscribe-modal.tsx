import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';

export const SUBSCRIBE_BENEFITS = [
  'Instant document insights',
  'Highlights auto-tagged with insights',
  'Instant reports and slide decks based on insights',
  'Export of insights to a whiteboard tool',
  'Cancel any time',
] as const;

/**
 * The subscribe prompt. Checkout belongs to billing: without a monthly price id (the case in
 * this build) "Subscribe Now" makes no request and goes to /pricing, as the spec says.
 */
export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  // While open: the body carries the modal-open marker, Escape closes, focus moves into the dialog.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    document.body.classList.add('modal-open');
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeRef.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('modal-open');
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  function subscribe() {
    setLoading(true);
    try {
      navigate('/pricing');
      onClose();
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="modal-overlay" data-testid="modal-overlay" onClick={onClose}>
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        <button type="button" className="modal__close" aria-label="Close dialog" onClick={onClose}>
          ×
        </button>
        {user ? (
          <>
            <h2 id={titleId}>It's time to subscribe!</h2>
            <p className="modal__lead">Get full access to the product's powerful features.</p>
            <ul className="modal__benefits">
              {SUBSCRIBE_BENEFITS.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
            <div className="modal__actions">
              <button type="button" className="button" onClick={onClose}>
                Cancel
              </button>
              <button type="button" className="button button--primary" onClick={subscribe} disabled={loading}>
                {loading ? 'Redirecting…' : 'Subscribe Now'}
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id={titleId}>Sign in first</h2>
            <p className="modal__lead">Please log in or create an account before subscribing.</p>
            <div className="modal__actions">
              <button type="button" className="button" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
