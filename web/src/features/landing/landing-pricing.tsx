import { Link } from 'react-router-dom';
import { CTA, PRICING } from './personas';

/** The plans in brief; the pricing page has the details, Subscribe and the contact form. */
export function LandingPricing() {
  return (
    <section className="landing-section" aria-labelledby="landing-pricing-title">
      <div className="landing-section__inner">
        <h2 id="landing-pricing-title" className="landing-section__title">
          Simple pricing
        </h2>
        <ul className="landing-plans">
          <li className="landing-plan">
            <h3 className="landing-plan__name">Free trial</h3>
            <p className="landing-plan__price">
              <span className="landing-plan__amount">{PRICING.trialInterviews}</span> interviews free
            </p>
            <p className="landing-plan__body">Every feature on your first {PRICING.trialInterviews} interviews. No card needed.</p>
            <Link to={CTA.primaryTo} className="button button--primary">
              {CTA.primary}
            </Link>
          </li>
          <li className="landing-plan landing-plan--featured">
            <h3 className="landing-plan__name">Solo</h3>
            <p className="landing-plan__price">
              <span className="landing-plan__amount">{PRICING.soloPrice}</span>
              {PRICING.soloPeriod}
            </p>
            <p className="landing-plan__body">Unlimited interviews for one researcher. Cancel any time.</p>
            <Link to="/pricing" className="button">
              Choose Solo
            </Link>
          </li>
          <li className="landing-plan">
            <h3 className="landing-plan__name">Team / Enterprise</h3>
            <p className="landing-plan__price">
              <span className="landing-plan__amount landing-plan__amount--word">Custom</span>
            </p>
            <p className="landing-plan__body">For research teams and organisations. Tell us what you need.</p>
            <Link to="/pricing" className="button">
              Contact us
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
