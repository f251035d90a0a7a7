import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useCreatePortalSession } from './api/create-portal-session';
import { MissingUrlError, portalErrorMessage } from './billing-messages';
import { PublicBar } from './public-bar';
import { redirectTo, usePageRestored } from './redirect';

/** /account/subscription: signed out, active subscriber (billing portal) or free trial (upgrade). */
export default function SubscriptionPage() {
  const { user, authLoading, profileLoading } = useAuth();
  const location = useLocation();
  if (authLoading || (user && profileLoading)) return <Spinner />;
  if (!user) {
    return (
      <>
        <PublicBar />
        <section className="container account-page">
          <h1>Subscription</h1>
          <p data-testid="subscription-message">You need to log in to manage your subscription.</p>
          <Link to="/login" state={{ from: location }} className="button button--primary">
            Log in
          </Link>
        </section>
      </>
    );
  }
  return (
    <section className="container account-page">
      <h1>Subscription</h1>
      {user.subscriptionActive ? <ActivePlan /> : <FreeTrial />}
    </section>
  );
}

function ActivePlan() {
  const portal = useCreatePortalSession();
  const [leaving, setLeaving] = useState(false);
  const { mutate, reset } = portal;
  usePageRestored(
    useCallback(() => {
      setLeaving(false);
      reset();
    }, [reset]),
  );
  const loading = portal.isPending || leaving;
  const error = portal.error;
  // The server's reason when it has one the user can act on (no billing account yet).
  const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 && !(error instanceof MissingUrlError) ? error.message : null;

  function openPortal() {
    mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        redirectTo(url);
      },
      onError: (err) => console.error('The billing portal could not be opened', err),
    });
  }

  return (
    <div className="account-card">
      <p className="account-card__status" data-testid="subscription-status">
        Status: <span className="status-pill status-pill--active">active</span>
      </p>
      <p className="muted">Solo plan: unlimited usage. Change your plan, update your payment details or cancel in the billing portal.</p>
      {error && (
        <div className="form-error" role="alert" data-testid="portal-error">
          <p className="account-card__error">{portalErrorMessage(error)}</p>
          {detail && <p className="account-card__error-detail">{detail}</p>}
        </div>
      )}
      <button type="button" className="button button--primary" onClick={openPortal} disabled={loading}>
        {loading ? 'Loading…' : 'Manage Plan'}
      </button>
    </div>
  );
}

function FreeTrial() {
  return (
    <div className="account-card">
      <p data-testid="subscription-message">You are currently on the free trial. Upgrade to unlock unlimited usage.</p>
      <Link to="/pricing" className="button button--primary">
        Upgrade Now
      </Link>
    </div>
  );
}
