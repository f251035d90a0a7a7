import { Link, useLocation } from 'react-router-dom';
import './not-found.css';

/** Any address the app does not know: say so plainly and offer the two ways back. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="not-found-page" aria-labelledby="not-found-title">
      <p className="not-found-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="not-found-page__text">
        There is nothing at <code className="not-found-page__path">{pathname}</code>. It may have moved, or the link may be
        mistyped.
      </p>
      <div className="not-found-page__actions">
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link to="/projects" className="button">
          Go to your projects
        </Link>
      </div>
    </section>
  );
}
