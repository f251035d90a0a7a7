import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicPageView } from './public-page-view';
import { PublicPage } from './public-pages';
import { publicRouteOf } from './public-route';
import { PublicShell } from './public-shell';
import { hasPersistedSession } from './session';
import './public.css';

/**
 * The public share pages' entry: fetch only, no Firebase SDK anywhere in this module graph (a bundle
 * check in e2e/public-pages.test.ts fails if one creeps in). Mounted by main.tsx for /public/... paths.
 */
const SESSION_CHECK_BUDGET_MS = 300;

export async function mount(root: HTMLElement): Promise<void> {
  // The visitor's session decides the Login / Sign Up bar; known before the first paint so nothing
  // shifts. A session read slower than the budget still counts: the bar then goes when it is known,
  // and the page view (sent once) waits for it.
  const session = hasPersistedSession();
  const early = await Promise.race([
    session,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SESSION_CHECK_BUDGET_MS)),
  ]);
  const robots = document.createElement('meta');
  robots.name = 'robots';
  robots.content = 'noindex';
  document.head.appendChild(robots);
  const reactRoot = createRoot(root);
  const render = (loggedIn: boolean | undefined) =>
    reactRoot.render(
      <StrictMode>
        <PublicShell loggedIn={loggedIn ?? false}>
          <PublicPage route={publicRouteOf(location.pathname)} />
          {loggedIn !== undefined && <PublicPageView loggedIn={loggedIn} />}
        </PublicShell>
      </StrictMode>,
    );
  render(early);
  if (early === undefined) render(await session);
}
