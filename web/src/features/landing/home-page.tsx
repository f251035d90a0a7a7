import { Navigate } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { Spinner } from '../../components/spinner';
import LandingPage from './landing-page';

/** `/`: a spinner while auth loads, the projects for a signed-in user, else the generic landing page. */
export default function HomePage() {
  const { user, authLoading } = useAuth();
  if (authLoading) return <Spinner />;
  if (user) return <Navigate to="/projects" replace />;
  return <LandingPage persona="generic" />;
}
