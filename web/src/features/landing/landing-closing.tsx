import { Link } from 'react-router-dom';
import { CTA, type PersonaConfig } from './personas';

/** The last call to action, in the page's own words. */
export function LandingClosing({ config }: { config: PersonaConfig }) {
  return (
    <section className="landing-closing" aria-labelledby="landing-closing-title">
      <div className="landing-section__inner landing-closing__inner">
        <h2 id="landing-closing-title" className="landing-closing__title">
          {config.cta.heading}
        </h2>
        <p className="landing-closing__body">{config.cta.body}</p>
        <div className="landing-actions">
          <Link to={CTA.primaryTo} className="button button--large landing-button--light">
            {CTA.primary}
          </Link>
          <Link to={CTA.secondaryTo} className="button button--large landing-button--outline">
            {CTA.secondary}
          </Link>
        </div>
      </div>
    </section>
  );
}
