import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <section className="container not-found">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="button button--primary">
        Go to Verbatim
      </Link>
    </section>
  );
}
