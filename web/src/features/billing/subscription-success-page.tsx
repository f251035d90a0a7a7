import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { Confetti } from './confetti';

/** How long to wait for Stripe's confirmation before saying it may take a little longer. */
export const ACTIVATION_PATIENCE_MS = 30_000;

/**
 * /subscription-success: where Stripe's checkout returns. The plan is switched on by Stripe's
 * webhook, which may land a moment after this page: the profile is followed live (the auth
 * provider listens to users/{uid}), so the trial banner goes and the status line changes as soon
 * as it does, with no reload.
 */
export default function SubscriptionSuccessPage() {
  const { user } = useAuth();
  return (
    <section className="container success-page">
      <Confetti />
      <h1>Subscription Activated!</h1>
      <p className="success-page__lead">Enjoy accelerating your time to high quality insights.</p>
      {user && <ActivationStatus active={user.subscriptionActive} />}
      <Link to="/" className="button button--primary button--large">
        Go to Project Dashboard
      </Link>
    </section>
  );
}

function ActivationStatus({ active }: { active: boolean }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (active) return;
    const timer = setTimeout(() => setSlow(true), ACTIVATION_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [active]);

  let text: string;
  if (active) text = 'Your Solo plan is active: unlimited usage.';
  else if (slow) text = 'Stripe is still confirming your payment. Your plan switches on by itself as soon as it does; you can carry on meanwhile.';
  else text = 'Confirming your payment with Stripe…';
  return (
    <p className={`success-page__status${active ? ' success-page__status--active' : ''}`} role="status" data-testid="activation-status">
      {text}
    </p>
  );
}
