import { Link } from 'react-router-dom';

/** The signed-out visitor's top bar on billing pages (signed-in users have the navbar). */
export function PublicBar() {
  return (
    <header className="landing__bar">
      <Link to="/" className="navbar__logo" aria-label="Verbatim home">
        <img src="/favicon.svg" alt="" width={28} height={28} /> <span>Verbatim</span>
      </Link>
      <nav>
        <Link to="/login">Log in</Link>
        <Link to="/signup" className="button button--primary">
          Start free
        </Link>
      </nav>
    </header>
  );
}
