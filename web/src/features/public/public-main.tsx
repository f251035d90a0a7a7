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
  // The visitor's session decides the Login / Sign Up bar; known before the first paint so nothing shifts.
  const loggedIn = await Promise.race([
    hasPersistedSession(),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SESSION_CHECK_BUDGET_MS)),
  ]);
  const robots = document.createElement('meta');
  robots.name = 'robots';
  robots.content = 'noindex';
  document.head.appendChild(robots);
  createRoot(root).render(
    <StrictMode>
      <PublicShell loggedIn={loggedIn}>
        <PublicPage route={publicRouteOf(location.pathname)} />
        <PublicPageView loggedIn={loggedIn} />
      </PublicShell>
    </StrictMode>,
  );
}
