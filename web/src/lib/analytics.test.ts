import { describe, expect, it, vi } from 'vitest';
import {
  createAnalytics,
  createAnalyticsTracker,
  createQueueingSink,
  followAuth,
  identityFor,
  identityFromClaims,
  isAnalyticsEnabled,
  isMarketingAnalyticsEnabled,
  type AnalyticsSink,
} from './analytics';
import { readConfig } from './config';
import { isLandingPage } from './marketing-analytics';

type Call = ['logEvent', string, Record<string, unknown>] | ['setUserId', string | null] | ['setUserProperties', Record<string, unknown>];

/** A sink that records every call, in order. */
function spySink() {
  const calls: Call[] = [];
  const sink: AnalyticsSink = {
    logEvent: (name, params) => calls.push(['logEvent', name, params]),
    setUserId: (id) => calls.push(['setUserId', id]),
    setUserProperties: (properties) => calls.push(['setUserProperties', properties]),
  };
  const pageViews = () => calls.filter((c) => c[0] === 'logEvent' && c[1] === 'page_view').map((c) => c[2] as Record<string, unknown>);
  return { sink, calls, pageViews };
}

const PAGE = { origin: 'https://verbatim.app', title: 'Verbatim' };
const at = (pathname: string, search = '') => ({ pathname, search });
const ALICE = { uid: 'alice', plan: 'solo', activated: true };

const REAL_PROJECT = {
  VITE_FIREBASE_PROJECT_ID: 'verbatim-prod',
  VITE_FIREBASE_API_KEY: 'k',
  VITE_FIREBASE_AUTH_DOMAIN: 'verbatim-prod.firebaseapp.com',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
};

describe('when analytics is on', () => {
  it('only for a real project with a measurement id and no emulators', () => {
    expect(isAnalyticsEnabled(readConfig({ ...REAL_PROJECT, VITE_FIREBASE_MEASUREMENT_ID: 'G-TEST123' }))).toBe(true);
    expect(isAnalyticsEnabled(readConfig(REAL_PROJECT))).toBe(false);
    expect(isAnalyticsEnabled(readConfig({ ...REAL_PROJECT, VITE_FIREBASE_MEASUREMENT_ID: '  ' }))).toBe(false);
    expect(isAnalyticsEnabled(readConfig({ ...REAL_PROJECT, VITE_FIREBASE_MEASUREMENT_ID: 'G-TEST123', VITE_USE_EMULATORS: 'true' }))).toBe(false);
    expect(isAnalyticsEnabled(readConfig({ VITE_FIREBASE_MEASUREMENT_ID: 'G-TEST123' }))).toBe(false); // demo project
  });

  it('off: the SDK is never loaded and nothing reaches a sink', async () => {
    const { sink, calls } = spySink();
    const load = vi.fn(async () => sink);
    const analytics = createAnalytics({ enabled: false, load });
    analytics.start();
    analytics.identify(ALICE);
    analytics.pageView(at('/projects'), PAGE);
    analytics.identify(null);
    analytics.pageView(at('/pricing'), PAGE);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});

describe('the marketing analytics id (landing pages)', () => {
  it('is on only with VITE_MARKETING_MEASUREMENT_ID on a real project without emulators', () => {
    expect(isMarketingAnalyticsEnabled(readConfig({ ...REAL_PROJECT, VITE_MARKETING_MEASUREMENT_ID: 'G-MKT123' }))).toBe(true);
    expect(isMarketingAnalyticsEnabled(readConfig(REAL_PROJECT))).toBe(false);
    expect(isMarketingAnalyticsEnabled(readConfig({ ...REAL_PROJECT, VITE_MARKETING_MEASUREMENT_ID: 'G-MKT123', VITE_USE_EMULATORS: 'true' }))).toBe(false);
    expect(isMarketingAnalyticsEnabled(readConfig({ VITE_MARKETING_MEASUREMENT_ID: 'G-MKT123' }))).toBe(false); // demo project
    // Independent of the app's own id.
    expect(isAnalyticsEnabled(readConfig({ ...REAL_PROJECT, VITE_MARKETING_MEASUREMENT_ID: 'G-MKT123' }))).toBe(false);
    expect(() => readConfig({ ...REAL_PROJECT, VITE_MARKETING_MEASUREMENT_ID: 'UA-1234' })).toThrow(
      'VITE_MARKETING_MEASUREMENT_ID must be a GA4 measurement id (G-…) (got "UA-1234")',
    );
  });

  it('counts the landing pages only, each visit again after another page', () => {
    const { sink, pageViews } = spySink();
    const tracker = createAnalyticsTracker(sink, { sendsPageViewOf: isLandingPage });
    tracker.identify(null);
    for (const path of ['/', '/pricing', '/', '/ux-researchers', '/login', '/projects', '/landing', '/agents', '/public/summary/x']) tracker.pageView(at(path), PAGE);
    expect(pageViews().map((p) => p.page_path)).toEqual(['/', '/', '/ux-researchers', '/landing', '/agents']);
  });
});

describe('page views', () => {
  it('one per route change, with the location, path and title, carrying the identity', () => {
    const { sink, pageViews } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.identify(null);
    tracker.pageView(at('/'), PAGE);
    tracker.pageView(at('/pricing'), { ...PAGE, title: 'Pricing' });
    expect(pageViews()).toEqual([
      { page_location: 'https://verbatim.app/', page_path: '/', page_title: 'Verbatim', login_status: 'anonymous' },
      { page_location: 'https://verbatim.app/pricing', page_path: '/pricing', page_title: 'Pricing', login_status: 'anonymous' },
    ]);
  });

  it('one per query-string change, the query in page_path and page_location', () => {
    const { sink, pageViews } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.identify(ALICE);
    tracker.pageView(at('/projects/p1/insights'), PAGE);
    tracker.pageView(at('/projects/p1/insights', '?tag=pricing'), PAGE);
    tracker.pageView(at('/projects/p1/insights', '?tag=onboarding'), PAGE);
    expect(pageViews().map((p) => [p.page_path, p.page_location])).toEqual([
      ['/projects/p1/insights', 'https://verbatim.app/projects/p1/insights'],
      ['/projects/p1/insights?tag=pricing', 'https://verbatim.app/projects/p1/insights?tag=pricing'],
      ['/projects/p1/insights?tag=onboarding', 'https://verbatim.app/projects/p1/insights?tag=onboarding'],
    ]);
  });

  it('none for the same location twice in a row; again after going elsewhere', () => {
    const { sink, pageViews } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.identify(null);
    tracker.pageView(at('/pricing'), PAGE);
    tracker.pageView(at('/pricing'), PAGE);
    tracker.pageView(at('/legal'), PAGE);
    tracker.pageView(at('/legal'), PAGE);
    tracker.pageView(at('/pricing'), PAGE);
    expect(pageViews().map((p) => p.page_path)).toEqual(['/pricing', '/legal', '/pricing']);
  });

  it('wait until the identity is known, then go out in order carrying it', () => {
    const { sink, calls } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.pageView(at('/login'), PAGE);
    tracker.pageView(at('/projects'), PAGE);
    expect(calls).toEqual([]);
    tracker.identify(ALICE);
    const carried = { login_status: 'logged_in', plan: 'solo', activation_status: 'activated' };
    expect(calls).toEqual([
      ['setUserId', 'alice'],
      ['setUserProperties', carried],
      ['logEvent', 'page_view', { page_location: 'https://verbatim.app/login', page_path: '/login', page_title: 'Verbatim', ...carried }],
      ['logEvent', 'page_view', { page_location: 'https://verbatim.app/projects', page_path: '/projects', page_title: 'Verbatim', ...carried }],
    ]);
  });
});

describe('identity', () => {
  it('on sign-in: the user id, login_status logged_in, the plan and activation from the claims', () => {
    const { sink, calls } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.identify(identityFromClaims('u1', { plan: 'solo', activated: true }));
    expect(calls).toEqual([
      ['setUserId', 'u1'],
      ['setUserProperties', { login_status: 'logged_in', plan: 'solo', activation_status: 'activated' }],
    ]);
  });

  it('claims default to plan free and unactivated', () => {
    expect(identityFromClaims('u1', {})).toEqual({ uid: 'u1', plan: 'free', activated: false });
    expect(identityFromClaims('u1', { plan: '', activated: 'yes' })).toEqual({ uid: 'u1', plan: 'free', activated: false });
    expect(identityFromClaims('u1', { plan: 42, activated: false })).toEqual({ uid: 'u1', plan: 'free', activated: false });
    const { sink, calls } = spySink();
    createAnalyticsTracker(sink).identify(identityFromClaims('u1', {}));
    expect(calls).toContainEqual(['setUserProperties', { login_status: 'logged_in', plan: 'free', activation_status: 'unactivated' }]);
  });

  it('reads the claims from the ID token of the signed-in user', async () => {
    const user = (uid: string, claims: Record<string, unknown>) => ({ uid, getIdTokenResult: async () => ({ claims }) });
    expect(await identityFor('u1', user('u1', { plan: 'team', activated: true }))).toEqual({ uid: 'u1', plan: 'team', activated: true });
    // Not the user expected, no user, or no token: the defaults.
    expect(await identityFor('u1', user('u2', { plan: 'team', activated: true }))).toEqual({ uid: 'u1', plan: 'free', activated: false });
    expect(await identityFor('u1', null)).toEqual({ uid: 'u1', plan: 'free', activated: false });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = { uid: 'u1', getIdTokenResult: () => Promise.reject(new Error('auth/network-request-failed')) };
    expect(await identityFor('u1', offline)).toEqual({ uid: 'u1', plan: 'free', activated: false });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('refreshes the token when the server set other claims than it carries (a subscription, the first Ready interview)', async () => {
    // A token issued before the subscription; the server has since set plan solo (its mirror says so).
    const refreshed: boolean[] = [];
    const user = {
      uid: 'u1',
      getIdTokenResult: async (force?: boolean) => {
        refreshed.push(force === true);
        return { claims: force ? { plan: 'solo', activated: true } : { plan: 'free', activated: true } };
      },
    };
    expect(await identityFor('u1', user, { plan: 'solo', activated: true })).toEqual({ uid: 'u1', plan: 'solo', activated: true });
    expect(refreshed).toEqual([false, true]);
    // Claims that already agree: no refresh. No mirror yet: the token as it is.
    refreshed.length = 0;
    expect(await identityFor('u1', user, { plan: 'free', activated: true })).toEqual({ uid: 'u1', plan: 'free', activated: true });
    expect(await identityFor('u1', user)).toEqual({ uid: 'u1', plan: 'free', activated: true });
    expect(refreshed).toEqual([false, false]);

    // Through followAuth, the analytics properties follow.
    const { sink, calls } = spySink();
    const tracker = createAnalyticsTracker(sink);
    followAuth(tracker, 'u1', user, null);
    await vi.waitFor(() => expect(calls.at(-1)).toEqual(['setUserProperties', { login_status: 'logged_in', plan: 'free', activation_status: 'activated' }]));
    followAuth(tracker, 'u1', user, { plan: 'solo', activated: true });
    await vi.waitFor(() => expect(calls.at(-1)).toEqual(['setUserProperties', { login_status: 'logged_in', plan: 'solo', activation_status: 'activated' }]));
  });

  it('on sign-out: the user id cleared, login_status anonymous, and later events carry that', () => {
    const { sink, calls } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.identify(ALICE);
    tracker.pageView(at('/projects'), PAGE);
    calls.length = 0;
    tracker.identify(null);
    tracker.pageView(at('/login'), PAGE);
    expect(calls).toEqual([
      ['setUserId', null],
      ['setUserProperties', { login_status: 'anonymous', plan: null, activation_status: null }],
      ['logEvent', 'page_view', { page_location: 'https://verbatim.app/login', page_path: '/login', page_title: 'Verbatim', login_status: 'anonymous' }],
    ]);
  });

  it('follows auth: signed out at once; signed in once the claims are read; stale claims never sent', async () => {
    const { sink, calls } = spySink();
    const tracker = createAnalyticsTracker(sink);
    let release!: () => void;
    const slowUser = {
      uid: 'u1',
      getIdTokenResult: () => new Promise<{ claims: Record<string, unknown> }>((resolve) => (release = () => resolve({ claims: { plan: 'solo', activated: true } }))),
    };
    followAuth(tracker, null, null);
    expect(calls).toEqual([['setUserId', null], ['setUserProperties', { login_status: 'anonymous', plan: null, activation_status: null }]]);

    // Signs in, then out before the token is read: the late claims are dropped.
    const cancel = followAuth(tracker, 'u1', slowUser);
    cancel();
    followAuth(tracker, null, null);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.filter((c) => c[0] === 'setUserId')).toEqual([['setUserId', null]]);

    // Signs in again and stays.
    followAuth(tracker, 'u1', slowUser);
    release();
    await vi.waitFor(() => expect(calls.at(-2)).toEqual(['setUserId', 'u1']));
    expect(calls.at(-1)).toEqual(['setUserProperties', { login_status: 'logged_in', plan: 'solo', activation_status: 'activated' }]);
  });

  it('the same identity again sends nothing; a changed plan is sent', () => {
    const { sink, calls } = spySink();
    const tracker = createAnalyticsTracker(sink);
    tracker.identify(null);
    tracker.identify(null);
    tracker.identify(ALICE);
    tracker.identify({ ...ALICE });
    tracker.identify({ ...ALICE, plan: 'team' });
    expect(calls.filter((c) => c[0] === 'setUserProperties').map((c) => c[1])).toEqual([
      { login_status: 'anonymous', plan: null, activation_status: null },
      { login_status: 'logged_in', plan: 'solo', activation_status: 'activated' },
      { login_status: 'logged_in', plan: 'team', activation_status: 'activated' },
    ]);
  });
});

describe('loading', () => {
  it('calls made before the SDK loads are delivered in order once it has, later ones straight away', async () => {
    const { sink, calls } = spySink();
    let loaded!: (sink: AnalyticsSink) => void;
    const load = vi.fn(() => new Promise<AnalyticsSink>((resolve) => (loaded = resolve)));
    const analytics = createAnalytics({ enabled: true, load });
    analytics.start();
    analytics.start(); // StrictMode runs effects twice: one load.
    analytics.identify(null);
    analytics.pageView(at('/'), PAGE);
    analytics.identify(ALICE);
    analytics.pageView(at('/projects'), PAGE);
    expect(load).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);

    loaded(sink);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls.map((c) => (c[0] === 'logEvent' ? `page_view ${String(c[2].page_path)}` : `${c[0]} ${JSON.stringify(c[1])}`))).toEqual([
      'setUserId null',
      'setUserProperties {"login_status":"anonymous","plan":null,"activation_status":null}',
      'page_view /',
      'setUserId "alice"',
      'setUserProperties {"login_status":"logged_in","plan":"solo","activation_status":"activated"}',
      'page_view /projects',
    ]);

    analytics.pageView(at('/pricing'), PAGE);
    expect(calls.at(-1)).toEqual(['logEvent', 'page_view', expect.objectContaining({ page_path: '/pricing' })]);
  });

  it('a failed load is reported; nothing is kept for later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = createAnalytics({ enabled: true, load: () => Promise.reject(new Error('chunk failed')) });
    failing.start();
    failing.identify(ALICE);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Analytics: could not load', expect.any(Error)));
    warn.mockRestore();
  });

  it('a discarded queue (unsupported browser) delivers nothing, even to a sink attached later', () => {
    const queue = createQueueingSink();
    queue.setUserId('alice');
    queue.discard();
    queue.logEvent('page_view', { page_path: '/' });
    const { sink, calls } = spySink();
    queue.attach(sink);
    queue.logEvent('page_view', { page_path: '/pricing' });
    expect(calls).toEqual([]);
  });

  it('a queueing sink forwards in order on attach, then directly', () => {
    const queue = createQueueingSink();
    queue.setUserId('alice');
    queue.setUserProperties({ login_status: 'logged_in' });
    queue.logEvent('page_view', { page_path: '/a' });
    const { sink, calls } = spySink();
    queue.attach(sink);
    queue.logEvent('page_view', { page_path: '/b' });
    expect(calls).toEqual([
      ['setUserId', 'alice'],
      ['setUserProperties', { login_status: 'logged_in' }],
      ['logEvent', 'page_view', { page_path: '/a' }],
      ['logEvent', 'page_view', { page_path: '/b' }],
    ]);
  });
});
