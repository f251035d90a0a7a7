import { OverlayModal } from '../../components/overlay-modal';
import { SOLO_FEATURES } from '../billing';

/** What the subscribe modal shows: the signed-out or the signed-in variant. */
export function SubscribeModalView({
  signedIn,
  loading,
  onSubscribe,
  onClose,
}: {
  signedIn: boolean;
  loading: boolean;
  onSubscribe: () => void;
  onClose: () => void;
}) {
  if (!signedIn) {
    return (
      <OverlayModal title="Sign in first" onClose={onClose}>
        <p className="modal__lead">Please log in or create an account before subscribing.</p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </OverlayModal>
    );
  }
  return (
    <OverlayModal title="It's time to subscribe!" onClose={onClose}>
      <p className="modal__lead">Get full access to the product's powerful features.</p>
      <ul className="modal__benefits">
        {SOLO_FEATURES.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onSubscribe} disabled={loading}>
          {loading ? 'Redirecting…' : 'Subscribe Now'}
        </button>
      </div>
    </OverlayModal>
  );
}
