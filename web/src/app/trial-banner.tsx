import { Link } from 'react-router-dom';
import { trialBannerState } from './trial-banner-state';

export function TrialBanner({ credits, subscriptionActive }: { credits: number | null; subscriptionActive: boolean }) {
  const state = trialBannerState(credits, subscriptionActive);
  if (state.kind === 'hidden') return null;
  return (
    <div className={`trial-banner trial-banner--${state.kind}`} role="status" data-testid="trial-banner">
      {state.kind === 'expired' && (
        <>
          <span>Trial expired.</span> <Link to="/pricing">Subscribe for unlimited usage</Link>
        </>
      )}
      {state.kind === 'low' && (
        <>
          <span>Free trial credits running low!</span> <span className="trial-banner__count">{state.count}</span>{' '}
          <Link to="/pricing">Subscribe now</Link>
        </>
      )}
      {state.kind === 'active' && (
        <>
          <span>Free trial active</span> <span className="trial-banner__count">{state.count}</span>
        </>
      )}
    </div>
  );
}
