import { Navbar } from './navbar';
import { TrialBanner } from './trial-banner';

export { ToastRegion } from './toast-region';

export interface SignedInChromeProps {
  /** The trial banner's state, or null when it is not shown. */
  banner: { credits: number | null; subscriptionActive: boolean } | null;
  /** How far the navbar sits below the top (the banner's height when shown). */
  offset: number;
}

/**
 * What only a signed-in user sees above every screen: the trial banner (when shown) and the navbar. A piece loaded
 * apart (layout.tsx), asked for as soon as someone is signed in (auth-provider.tsx), so a signed-out visitor's first
 * load carries none of it, nor the toasts.
 */
export default function SignedInChrome({ banner, offset }: SignedInChromeProps) {
  return (
    <>
      {banner && <TrialBanner credits={banner.credits} subscriptionActive={banner.subscriptionActive} />}
      <Navbar offset={offset} />
    </>
  );
}
