import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { config } from '../../lib/config';
import { createCheckoutSession, redirectTo } from '../billing';
import { subscribeFromModal } from './subscribe-flow';
import { SubscribeModalView } from './subscribe-modal-view';

/**
 * The subscribe prompt, opened when a trial user runs out of credits or asks to subscribe.
 * "Subscribe Now" goes to Stripe's checkout with the configured monthly price (VITE_STRIPE_PRICE_ID);
 * without one (the case in this build), or when checkout fails, it goes to /pricing. Loading is
 * cleared in every case.
 */
export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  async function subscribe() {
    setLoading(true);
    try {
      const outcome = await subscribeFromModal(config.stripePriceId, {
        createCheckoutSession,
        redirect: redirectTo,
        goToPricing: () => navigate('/pricing'),
      });
      if (outcome === 'pricing') onClose();
    } finally {
      setLoading(false);
    }
  }

  return <SubscribeModalView signedIn={user !== null} loading={loading} onSubscribe={() => void subscribe()} onClose={onClose} />;
}
