import { describe, expect, it } from 'vitest';
import type { GtagPage } from '../../lib/gtag';
import { sendPublicPageView } from './public-analytics';

describe("a public page's page view", () => {
  it('goes to the measurement id once per address, with whether the visitor is signed in and no user id', () => {
    const added: string[] = [];
    const globals: GtagPage['globals'] = {};
    const page: GtagPage = { globals, scripts: () => added, addScript: (src) => added.push(src) };
    const where = { location: { origin: 'https://verbatim.app', pathname: '/public/summary/tok', search: '' }, title: 'Project-Level Summary Insights', page };
    sendPublicPageView('G-APP123', true, where);
    sendPublicPageView('G-APP123', true, where); // StrictMode runs the effect twice
    const calls = (globals.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(added).toEqual(['https://www.googletagmanager.com/gtag/js?l=dataLayer&id=G-APP123']);
    expect(calls.filter((c) => c[0] === 'event')).toEqual([
      [
        'event',
        'page_view',
        {
          page_location: 'https://verbatim.app/public/summary/tok',
          page_path: '/public/summary/tok',
          page_title: 'Project-Level Summary Insights',
          login_status: 'logged_in',
          send_to: 'G-APP123',
        },
      ],
    ]);
    expect(calls.some((c) => c[0] === 'set' && typeof c[1] === 'object' && c[1] !== null && 'user_id' in c[1])).toBe(false);
  });
});
