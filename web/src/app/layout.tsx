import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AnalyticsTracker } from './analytics-tracker';
import { useAuth } from './auth-provider';
import { Navbar } from './navbar';
import { Spinner } from '../components/spinner';
import { ToastRegion } from './toast-region';
import { isTrialBannerShown, TrialBanner } from './trial-banner';

const CHROMELESS_PATHS = ['/login', '/signup', '/reset-password'];
export const NAVBAR_HEIGHT = 60;
export const BANNER_HEIGHT = 32;

/**
 * Navbar and trial banner for signed-in users, except on the auth pages. The banner waits for the
 * profile: until it is known a subscriber looks like a trial user, and must never see it flash.
 */
export function Layout() {
  const { user, profileKnown } = useAuth();
  const { pathname } = useLocation();
  const chrome = user !== null && !CHROMELESS_PATHS.includes(pathname);
  const banner = chrome && profileKnown && isTrialBannerShown(user.creditsRemaining, user.subscriptionActive);
  const paddingTop = chrome ? NAVBAR_HEIGHT + (banner ? BANNER_HEIGHT : 0) : 0;
  return (
    // --chrome-top: where sticky bars sit, under the navbar (and the banner).
    <div className="page" style={{ paddingTop, ['--chrome-top' as string]: `${paddingTop}px` }} data-testid="page">
      {banner && <TrialBanner credits={user.creditsRemaining} subscriptionActive={user.subscriptionActive} />}
      {chrome && <Navbar offset={banner ? BANNER_HEIGHT : 0} />}
      <main className="page__main">
        {/* Screens load lazily; the navbar and banner stay while one loads. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
          {/* After the screen, inside its Suspense: a page view goes out once the screen has rendered (and set its title). */}
          <AnalyticsTracker />
        </Suspense>
      </main>
      {user !== null && <ToastRegion />}
    </div>
  );
}
