import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { returnPath } from '../../app/return-path';
import { Spinner } from '../../components/spinner';
import { AuthCard, FormError, GoogleButton } from './auth-card';
import { AuthActionError, logInWithEmail, logInWithGoogle } from './sign-in-actions';

export default function LoginPage() {
  const { user, authLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // With the error: the password may be what is wrong, so the way to reset it shows right there.
  const [offerReset, setOfferReset] = useState(false);
  const [busy, setBusy] = useState(false);
  const destination = returnPath(location.state, location.search);

  if (authLoading) return <Spinner />;
  if (user && !busy) return <Navigate to={destination} replace />;

  async function run(action: () => Promise<unknown>) {
    setError(null);
    setOfferReset(false);
    setBusy(true);
    try {
      const result = await action();
      if (result !== null) navigate(destination, { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setOfferReset(err instanceof AuthActionError && err.offerReset);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => logInWithEmail(email, password));
  }

  const signupLink = `/signup${location.search}`;
  return (
    <AuthCard title="Log in" subtitle="Welcome back. Your interviews are waiting.">
      <GoogleButton onClick={() => void run(logInWithGoogle)} disabled={busy} />
      <div className="auth__divider">or</div>
      <form onSubmit={onSubmit} className="form" noValidate={false}>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <FormError message={error} />
        {error && offerReset && (
          <p className="auth__reset" data-testid="reset-offer">
            <Link to="/reset-password" state={{ email: email.trim() }}>
              Forgot password?
            </Link>{' '}
            We'll email you a link to choose a new one.
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/reset-password">Forgot your password?</Link>
        <span>
          New to Verbatim? <Link to={signupLink} state={location.state}>Sign up</Link>
        </span>
      </p>
    </AuthCard>
  );
}
