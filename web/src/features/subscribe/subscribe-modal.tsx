import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { createCheckoutSession, redirectTo, soloPriceQuery, useSoloPriceId } from '../billing';
import { subscribeFromModal } from './subscribe-flow';
import { SubscribeModalView } from './subscribe-modal-view';

/**
 * The subscribe prompt, opened when a trial user runs out of credits or asks to subscribe.
 * "Subscribe Now" goes to Stripe's checkout with the monthly price the server sells (GET /billing/plans,
 * read at run time); when it sells none, or when checkout fails, it goes to /pricing. Loading is
 * cleared in every case.
 */
export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const queryClient = useQueryClient();
  useSoloPriceId();

  async function subscribe() {
    setLoading(true);
    try {
      const priceId = await queryClient.fetchQuery(soloPriceQuery);
      const outcome = await subscribeFromModal(priceId ?? undefined, {
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
