import { TRIAL_CREDITS } from '@verbatim/contract/constants';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { returnPath } from '../../app/return-path';
import { Spinner } from '../../components/spinner';
import { AuthCard, FormError, GoogleButton } from './auth-card';
import { logInWithGoogle, signUpWithEmail } from './sign-in-actions';

export default function SignupPage() {
  const { user, authLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const destination = returnPath(location.state, location.search);

  if (authLoading) return <Spinner />;
  if (user && !busy) return <Navigate to={destination} replace />;

  async function run(action: () => Promise<unknown>) {
    setError(null);
    setBusy(true);
    try {
      const result = await action();
      if (result !== null) navigate(destination, { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => signUpWithEmail(email, password, name));
  }

  return (
    <AuthCard title="Create your account" subtitle={`Start with ${TRIAL_CREDITS} free interview credits. No card needed.`}>
      <GoogleButton onClick={() => void run(logInWithGoogle)} disabled={busy} />
      <div className="auth__divider">or</div>
      <form onSubmit={onSubmit} className="form">
        <label>
          Name
          <input type="text" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={6}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <FormError message={error} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
      </form>
      <p className="auth__links">
        <span>
          Already have an account? <Link to={`/login${location.search}`} state={location.state}>Log in</Link>
        </span>
        <Link to="/legal">Terms and privacy</Link>
      </p>
    </AuthCard>
  );
}
