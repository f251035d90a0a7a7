import { isPublicPath, publicRouteOf } from './features/public/public-route';
import { prefetchPublicView } from './features/public/public-request';

/**
 * The entry point only chooses what to load: the public share pages (/public/...) get their own
 * small bundle that fetches and never imports the Firebase SDK; every other path gets the app.
 */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const root = document.getElementById('root')!;
const { pathname } = location;
const publicRoute = publicRouteOf(pathname);
// The public page's data starts downloading now, alongside its code.
if (publicRoute) prefetchPublicView(publicRoute.kind, publicRoute.token);

const entry: Promise<{ mount: (root: HTMLElement) => void }> = isPublicPath(pathname)
  ? import('./features/public/public-main')
  : import('./app/app-main');

let timer: ReturnType<typeof setTimeout> | undefined;
const timeout = new Promise<never>((_, reject) => {
  timer = setTimeout(() => reject(new Error('timeout')), CHUNK_LOAD_TIMEOUT_MS);
});

Promise.race([entry, timeout]).then(
  (module) => {
    clearTimeout(timer);
    module.mount(root);
  },
  () => {
    clearTimeout(timer);
    // Built with the DOM, not markup: the Content-Security-Policy allows no inline style attributes.
    const message = document.createElement('p');
    message.style.cssText = 'font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 24px;text-align:center';
    const reload = document.createElement('a');
    reload.href = '';
    reload.textContent = 'reload';
    message.append('This page could not load. Check your connection and ', reload, '.');
    root.replaceChildren(message);
  },
);
