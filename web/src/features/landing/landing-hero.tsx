import { Link } from 'react-router-dom';
import { CTA, PRICING, type PersonaConfig } from './personas';

/** The page's one h1: who it is for, the headline, the sub-headline and the call to action. */
export function LandingHero({ config }: { config: PersonaConfig }) {
  return (
    <section className="landing-hero" aria-labelledby="landing-headline">
      <div className="landing-hero__inner">
        <p className="landing-eyebrow">{config.audience}</p>
        <h1 id="landing-headline" className="landing-hero__headline" data-testid="landing-headline">
          {config.headline}
        </h1>
        <p className="landing-hero__sub">{config.subheadline}</p>
        <div className="landing-actions" data-testid="hero-cta">
          <Link to={CTA.primaryTo} className="button button--primary button--large">
            {CTA.primary}
          </Link>
          <Link to={CTA.secondaryTo} className="button button--large landing-button--ghost">
            {CTA.secondary}
          </Link>
        </div>
        <p className="landing-hero__note">
          {PRICING.trialInterviews} interviews free · no card needed · then Solo at {PRICING.soloPrice}
          {PRICING.soloPeriod}, unlimited
        </p>
      </div>
    </section>
  );
}
