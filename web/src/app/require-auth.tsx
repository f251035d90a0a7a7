import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from './auth-provider';
import { Spinner } from '../components/spinner';

/** Protected routes: a spinner while auth or the profile loads, then /login keeping the origin. */
export function RequireAuth() {
  const { user, authLoading, profileLoading } = useAuth();
  const location = useLocation();
  if (authLoading || profileLoading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
