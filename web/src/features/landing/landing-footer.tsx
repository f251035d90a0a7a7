import { Link } from 'react-router-dom';
import { BrandMark } from './landing-bar';

export function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="landing-section__inner landing-footer__inner">
        <p className="landing-footer__brand">
          <BrandMark size={20} />
          <span>Verbatim: interview insights you can trace to the word.</span>
        </p>
        <nav aria-label="Footer">
          <ul className="landing-footer__links">
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/legal">Legal</Link>
            </li>
            <li>
              <Link to="/login">Log in</Link>
            </li>
            <li>
              <a href="mailto:hello@verbatim.app">hello@verbatim.app</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
