import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { AuthCard, FormError } from './auth-card';
import { requestPasswordReset } from './sign-in-actions';

export default function ResetPasswordPage() {
  const { user } = useAuth();
  // From the login form's "Forgot password?": the email already typed there.
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(user?.email ?? (typeof typed === 'string' ? typed : ''));
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset your password" subtitle="We'll email you a link to choose a new one.">
      {sent ? (
        <p className="form-success" role="status">
          If an account exists for {email.trim()}, a reset link is on its way. Check your inbox.
        </p>
      ) : (
        <form onSubmit={onSubmit} className="form">
          <label>
            Email
            <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <FormError message={error} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="auth__links">
        <Link to={user ? '/projects' : '/login'}>{user ? 'Back to projects' : 'Back to log in'}</Link>
      </p>
    </AuthCard>
  );
}
