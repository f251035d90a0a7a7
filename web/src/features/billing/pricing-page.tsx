import { SOLO_PRICE } from '@verbatim/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { ContactModal } from './contact-modal';
import { PublicBar } from './public-bar';
import { SOLO_FEATURES } from './plan-features';
import { usePricingCheckout } from './use-pricing-checkout';

/** Where a signed-out visitor who presses Subscribe goes; after logging in they come back to checkout. */
export const LOGIN_TO_SUBSCRIBE = '/login?next=/pricing&plan=solo';

/**
 * /pricing: the Solo plan (SOLO_PRICE a month, unlimited) with Subscribe, and Team/Enterprise with a
 * contact form. `?autoSubscribe=solo` (where login returns a visitor who pressed Subscribe)
 * starts checkout as soon as the user is known to be signed in.
 */
export default function PricingPage() {
  const { user, authLoading } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const checkout = usePricingCheckout();
  const [contactOpen, setContactOpen] = useState(false);
  const autoStarted = useRef(false);

  function subscribe() {
    if (!user) {
      navigate(LOGIN_TO_SUBSCRIBE);
      return;
    }
    checkout.start();
  }

  const autoSubscribe = params.get('autoSubscribe') === 'solo';
  const { start } = checkout;
  useEffect(() => {
    if (!autoSubscribe || authLoading || !user || autoStarted.current) return;
    autoStarted.current = true;
    // Dropped from the address first, so Back from Stripe's page does not start checkout again.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('autoSubscribe');
        return next;
      },
      { replace: true },
    );
    start();
  }, [autoSubscribe, authLoading, user, setParams, start]);

  return (
    <div className="pricing">
      {!authLoading && !user && <PublicBar />}
      <section className="container pricing__body">
        <header className="pricing__intro">
          <h1>Plans and pricing</h1>
          <p className="muted">Start with free trial credits. Upgrade when your research needs more.</p>
        </header>
        {checkout.error && (
          <p className="form-error pricing__error" role="alert" data-testid="checkout-error">
            {checkout.error}
          </p>
        )}
        <div className="pricing__plans">
          <article className="plan-card plan-card--featured" aria-labelledby="plan-solo">
            <h2 id="plan-solo">Solo</h2>
            <p className="plan-card__price">
              <span className="plan-card__amount">{SOLO_PRICE}</span>
              <span className="plan-card__period">/month</span>
            </p>
            <p className="plan-card__summary">Unlimited usage for one researcher.</p>
            <ul className="plan-card__features">
              {SOLO_FEATURES.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {user?.subscriptionActive && (
              <p className="plan-card__note">
                You are subscribed to Solo. <Link to="/account/subscription">Manage your plan</Link>
              </p>
            )}
            <button
              type="button"
              className="button button--primary plan-card__action"
              onClick={subscribe}
              disabled={checkout.redirecting || authLoading}
            >
              {checkout.redirecting ? 'Redirecting…' : 'Subscribe'}
            </button>
          </article>
          <article className="plan-card" aria-labelledby="plan-team">
            <h2 id="plan-team">Team / Enterprise</h2>
            <p className="plan-card__price">
              <span className="plan-card__amount plan-card__amount--custom">Custom pricing</span>
            </p>
            <p className="plan-card__summary">
              For research teams and organisations. Tell us about your team and we'll put together a plan that fits.
            </p>
            <button type="button" className="button plan-card__action" onClick={() => setContactOpen(true)}>
              Contact Us
            </button>
          </article>
        </div>
      </section>
      {contactOpen && <ContactModal onClose={() => setContactOpen(false)} />}
    </div>
  );
}
