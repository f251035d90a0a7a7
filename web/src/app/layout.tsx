import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { lazyWithTimeout } from '../lib/lazy-with-timeout';
import { AnalyticsTracker } from './analytics-tracker';
import { useAuth } from './auth-provider';
import { Spinner } from '../components/spinner';
import type { SignedInChromeProps } from './signed-in-chrome';
import { isTrialBannerShown } from './trial-banner-shown';

const CHROMELESS_PATHS = ['/login', '/signup', '/reset-password'];
export const NAVBAR_HEIGHT = 60;
export const BANNER_HEIGHT = 32;

// The signed-in chrome's piece, fetched when someone signs in (auth-provider.tsx): not in a signed-out first load.
const SignedInChrome = lazyWithTimeout<SignedInChromeProps>(() => import('./signed-in-chrome'));
const ToastRegion = lazyWithTimeout<object>(() => import('./signed-in-chrome').then((m) => ({ default: m.ToastRegion })));

/**
 * Navbar and trial banner for signed-in users, except on the auth pages. The banner waits for the
 * profile: until it is known a subscriber looks like a trial user, and must never see it flash.
 * The page keeps their room while their piece loads, so nothing moves when they appear.
 */
export function Layout() {
  const { user, profileKnown } = useAuth();
  const { pathname } = useLocation();
  const chrome = user !== null && !CHROMELESS_PATHS.includes(pathname);
  const banner = chrome && profileKnown && isTrialBannerShown(user.subscriptionActive);
  const paddingTop = chrome ? NAVBAR_HEIGHT + (banner ? BANNER_HEIGHT : 0) : 0;
  return (
    // --chrome-top: where sticky bars sit, under the navbar (and the banner).
    <div className="page" style={{ paddingTop, ['--chrome-top' as string]: `${paddingTop}px` }} data-testid="page">
      {chrome && (
        <Suspense fallback={null}>
          <SignedInChrome
            banner={banner ? { credits: user.creditsRemaining, subscriptionActive: user.subscriptionActive } : null}
            offset={banner ? BANNER_HEIGHT : 0}
          />
        </Suspense>
      )}
      <main className="page__main">
        {/* Screens load lazily; the navbar and banner stay while one loads. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
          {/* After the screen, inside its Suspense: a page view goes out once the screen has rendered (and set its title). */}
          <AnalyticsTracker />
        </Suspense>
      </main>
      {user !== null && (
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      )}
    </div>
  );
}
