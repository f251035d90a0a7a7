import { describe, expect, it } from 'vitest';
import { createAnalyticsTracker } from './analytics';
import { createGtagSink, GTAG_URL, type GtagPage } from './gtag';

/** A page with no tag yet; what gtag.js would read is in `globals.dataLayer`. */
function fakePage(existingScripts: string[] = []): GtagPage & { added: string[]; calls: () => unknown[][] } {
  const added: string[] = [];
  const globals: GtagPage['globals'] = {};
  return {
    globals,
    added,
    scripts: () => [...existingScripts, ...added],
    addScript: (src) => added.push(src),
    calls: () => (globals.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  };
}

describe('gtag without the Firebase SDK', () => {
  it('loads gtag.js once, as an external script, and configures the id without an automatic page view', () => {
    const page = fakePage();
    createGtagSink('G-PUBLIC1', page);
    createGtagSink('G-MARKET1', page);
    expect(page.added).toEqual([`${GTAG_URL}?l=dataLayer&id=G-PUBLIC1`]);
    const calls = page.calls();
    expect(calls[0][0]).toBe('js');
    expect(calls.slice(1)).toEqual([
      ['config', 'G-PUBLIC1', { send_page_view: false }],
      ['config', 'G-MARKET1', { send_page_view: false }],
    ]);
    // Each entry is an Arguments object, as gtag.js expects.
    expect(Object.prototype.toString.call(page.globals.dataLayer![0])).toBe('[object Arguments]');
  });

  it('shares a gtag.js Firebase Analytics already added, and calls its (wrapped) gtag', () => {
    const page = fakePage([`${GTAG_URL}?l=dataLayer&id=G-APP`]);
    const seen: unknown[][] = [];
    page.globals.gtag = (...args) => seen.push(args);
    const sink = createGtagSink('G-MARKET1', page);
    page.globals.gtag = (...args) => seen.push(['wrapped', ...args]);
    sink.logEvent('page_view', { page_path: '/' });
    expect(page.added).toEqual([]);
    expect(seen).toEqual([
      ['config', 'G-MARKET1', { send_page_view: false }],
      ['wrapped', 'event', 'page_view', { page_path: '/', send_to: 'G-MARKET1' }],
    ]);
  });

  it('page views go to the one id with the identity the tracker gives', () => {
    const page = fakePage();
    const tracker = createAnalyticsTracker(createGtagSink('G-PUBLIC1', page));
    tracker.identify('signed-in-visitor');
    tracker.pageView({ pathname: '/public/summary/tok', search: '' }, { origin: 'https://verbatim.app', title: 'Summary' });
    expect(page.calls().slice(2)).toEqual([
      ['set', 'user_properties', { login_status: 'logged_in' }],
      [
        'event',
        'page_view',
        { page_location: 'https://verbatim.app/public/summary/tok', page_path: '/public/summary/tok', page_title: 'Summary', login_status: 'logged_in', send_to: 'G-PUBLIC1' },
      ],
    ]);
  });
});
