import { Link } from 'react-router-dom';
import { CTA } from './personas';

/** The Verbatim mark (the favicon's V), drawn inline so the bar needs no image request. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="landing-brand__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f3a5f" />
      <path d="M9 9h4l3 11 3-11h4l-5 14h-4z" fill="#f6c453" />
    </svg>
  );
}

/** The signed-out visitor's top bar: the logo, Pricing, Log in and Start free. */
export function LandingBar() {
  return (
    <header className="landing-bar">
      <div className="landing-bar__inner">
        <Link to="/" className="landing-brand">
          <BrandMark />
          <span>Verbatim</span>
        </Link>
        <nav className="landing-bar__nav" aria-label="Main">
          <Link to="/pricing" className="landing-bar__link">
            Pricing
          </Link>
          <Link to="/login" className="landing-bar__link">
            Log in
          </Link>
          <Link to={CTA.primaryTo} className="button button--primary landing-bar__cta">
            {CTA.primary}
          </Link>
        </nav>
      </div>
    </header>
  );
}
