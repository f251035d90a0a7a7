import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { Spinner } from '../../app/spinner';

/** `/`: a spinner while auth loads, the projects for a signed-in user, else the landing page. */
export default function HomePage() {
  const { user, authLoading } = useAuth();
  if (authLoading) return <Spinner />;
  if (user) return <Navigate to="/projects" replace />;
  return (
    <div className="landing">
      <header className="landing__bar">
        <span className="navbar__logo">
          <img src="/favicon.svg" alt="" width={28} height={28} /> Verbatim
        </span>
        <nav>
          <Link to="/login">Log in</Link>
          <Link to="/signup" className="button button--primary">
            Start free
          </Link>
        </nav>
      </header>
      <section className="landing__hero">
        <h1>Interview insights you can trace to the word.</h1>
        <p>
          Upload your transcripts. Verbatim finds the insights, groups them into themes and writes the summary, and every
          quote links back to its interview, speaker and moment.
        </p>
        <Link to="/signup" className="button button--primary button--large">
          Try it free
        </Link>
      </section>
    </div>
  );
}
