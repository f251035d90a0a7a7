export { isAnalyticsEnabled, isMarketingAnalyticsEnabled } from './analytics-enabled';

/**
 * Analytics (Google Analytics 4 through Firebase Analytics), as a pure core: what is sent and when,
 * written against a sink so tests can watch it. The Firebase sink (analytics-firebase.ts) is loaded
 * after the first render; calls made before then wait in a queue and are delivered in order.
 *
 * Identity: signed in → user id set, user properties login_status 'logged_in', plan (the ID token's
 * `plan` claim, default 'free') and activation_status 'activated' / 'unactivated' (the `activated`
 * claim); signed out → user id cleared and login_status 'anonymous'. A page without the Auth SDK
 * (the public pages) knows only whether a session exists: a signed-in visitor is login_status
 * 'logged_in', with no user id. A page_view is sent on every route or query-string change, never
 * twice in a row for the same location, and carries the identity.
 */

export type AnalyticsParams = Record<string, string | null>;

/** Where analytics calls end up: Firebase Analytics in the app, a spy in tests. */
export interface AnalyticsSink {
  logEvent(name: string, params: AnalyticsParams): void;
  setUserId(id: string | null): void;
  setUserProperties(properties: AnalyticsParams): void;
}

/** The signed-in user as analytics sees them. */
export interface AnalyticsIdentity {
  uid: string;
  plan: string;
  activated: boolean;
}

/** A location as the router gives it (only the path and query matter here). */
export interface PageLocation {
  pathname: string;
  search: string;
}

export interface PageContext {
  /** The page's origin, e.g. https://verbatim.app. */
  origin: string;
  title: string;
}

/** A signed-in visitor on a page without the Auth SDK: who it is is not known there. */
export const SIGNED_IN_VISITOR = 'signed-in-visitor';
export type Visitor = AnalyticsIdentity | typeof SIGNED_IN_VISITOR | null;

export const DEFAULT_PLAN = 'free';

/** The identity from the ID token's custom claims: `plan` (default 'free') and `activated` (true only when true). */
export function identityFromClaims(uid: string, claims: Record<string, unknown>): AnalyticsIdentity {
  const plan = typeof claims.plan === 'string' && claims.plan.trim() ? claims.plan.trim() : DEFAULT_PLAN;
  return { uid, plan, activated: claims.activated === true };
}

/** What identityFor needs of a Firebase user (firebase/auth's User fits). */
export interface ClaimsSource {
  uid: string;
  getIdTokenResult(forceRefresh?: boolean): Promise<{ claims: Record<string, unknown> }>;
}

/** The claims the server says it set last (the profile's `identityClaims` mirror), when known. */
export interface ExpectedClaims {
  plan: string;
  activated: boolean;
}

/**
 * The identity of the signed-in `uid`, read from `user`'s ID token. When the server says it set
 * other claims than the token carries (`expected`: a subscription or the first Ready interview
 * since the token was issued), the token is refreshed first, so the new values go out at once. When
 * the user is not the one expected or the token cannot be read, the defaults (plan free,
 * unactivated) stand in.
 */
export async function identityFor(uid: string, user: ClaimsSource | null, expected: ExpectedClaims | null = null): Promise<AnalyticsIdentity> {
  if (!user || user.uid !== uid) return identityFromClaims(uid, {});
  try {
    let identity = identityFromClaims(uid, (await user.getIdTokenResult()).claims);
    if (expected && (identity.plan !== expected.plan || identity.activated !== expected.activated)) {
      identity = identityFromClaims(uid, (await user.getIdTokenResult(true)).claims);
    }
    return identity;
  } catch (err) {
    console.warn('Analytics: could not read the ID token claims', err);
    return identityFromClaims(uid, {});
  }
}

/**
 * Keeps the tracker on one auth state (the effect of a uid and the claims the server set): null →
 * anonymous at once; a uid → its identity once the claims are read (refreshing the token when the
 * server set newer ones). The returned cancel is the effect's cleanup: claims that arrive after the
 * user changed are never sent.
 */
export function followAuth(tracker: AnalyticsTracker, uid: string | null, user: ClaimsSource | null, expected: ExpectedClaims | null = null): () => void {
  if (uid === null) {
    tracker.identify(null);
    return () => {};
  }
  let current = true;
  void identityFor(uid, user, expected).then((identity) => {
    if (current) tracker.identify(identity);
  });
  return () => {
    current = false;
  };
}

/** The user properties for an identity; null (signed out) clears plan and activation; a signed-in visitor leaves them. */
export function userPropertiesOf(identity: Visitor): AnalyticsParams {
  if (!identity) return { login_status: 'anonymous', plan: null, activation_status: null };
  if (identity === SIGNED_IN_VISITOR) return { login_status: 'logged_in' };
  return {
    login_status: 'logged_in',
    plan: identity.plan,
    activation_status: identity.activated ? 'activated' : 'unactivated',
  };
}

export interface AnalyticsTracker {
  /** A page view for this location, unless it is the one last sent. */
  pageView(location: PageLocation, page: PageContext): void;
  /** The current identity: a signed-in user, a signed-in visitor of a page without Auth, or null once signed out. */
  identify(identity: Visitor): void;
}

export interface TrackerOptions {
  /** Which locations' page views this tracker sends (default: all); the others only count as a change of page. */
  sendsPageViewOf?: (location: PageLocation) => boolean;
}

/**
 * The tracker over a sink. Page views wait for the first identify() (auth resolves after the first
 * render) so that each carries the right login status; an identity equal to the current one is not
 * sent again.
 */
export function createAnalyticsTracker(sink: AnalyticsSink, { sendsPageViewOf = () => true }: TrackerOptions = {}): AnalyticsTracker {
  let lastPageKey: string | null = null;
  let properties: AnalyticsParams | null = null;
  let identityKey: string | null = null;
  const waiting: Array<{ location: PageLocation; page: PageContext }> = [];

  function send(location: PageLocation, page: PageContext, current: AnalyticsParams) {
    const path = `${location.pathname}${location.search}`;
    const carried = Object.fromEntries(Object.entries(current).filter(([, value]) => value !== null));
    sink.logEvent('page_view', {
      page_location: `${page.origin}${path}`,
      page_path: path,
      page_title: page.title,
      ...carried,
    });
  }

  return {
    pageView(location, page) {
      const key = `${location.pathname}${location.search}`;
      if (key === lastPageKey) return;
      lastPageKey = key;
      if (!sendsPageViewOf(location)) return;
      if (properties) send(location, page, properties);
      else waiting.push({ location, page });
    },
    identify(identity) {
      const key = identity === SIGNED_IN_VISITOR ? identity : identity ? `${identity.uid}|${identity.plan}|${identity.activated}` : 'anonymous';
      if (key === identityKey) return;
      identityKey = key;
      properties = userPropertiesOf(identity);
      if (identity !== SIGNED_IN_VISITOR) sink.setUserId(identity ? identity.uid : null);
      sink.setUserProperties(properties);
      for (const { location, page } of waiting.splice(0)) send(location, page, properties);
    },
  };
}

/** A sink that keeps calls until the real one is attached, then delivers them in order. */
export interface QueueingSink extends AnalyticsSink {
  attach(sink: AnalyticsSink): void;
  /** The real sink will never come (unsupported browser, failed load): drop the queue, keep nothing. */
  discard(): void;
}

export function createQueueingSink(): QueueingSink {
  let target: AnalyticsSink | null = null;
  let discarded = false;
  let queue: Array<(sink: AnalyticsSink) => void> = [];
  const call = (fn: (sink: AnalyticsSink) => void) => {
    if (target) fn(target);
    else if (!discarded) queue.push(fn);
  };
  return {
    logEvent: (name, params) => call((s) => s.logEvent(name, params)),
    setUserId: (id) => call((s) => s.setUserId(id)),
    setUserProperties: (properties) => call((s) => s.setUserProperties(properties)),
    attach(sink) {
      if (target || discarded) return;
      target = sink;
      for (const fn of queue.splice(0)) fn(sink);
    },
    discard() {
      if (target) return;
      discarded = true;
      queue = [];
    },
  };
}

export interface Analytics extends AnalyticsTracker {
  /** Loads the sink (once; call after the first render). Does nothing when analytics is off. */
  start(): void;
}

/**
 * Analytics for the app: when `enabled` is false nothing is loaded and nothing is sent. Otherwise
 * `load` runs on the first start(); it resolves to the sink, or null when analytics is not
 * supported here, in which case the queued calls are dropped.
 */
export function createAnalytics({
  enabled,
  load,
  ...options
}: { enabled: boolean; load: () => Promise<AnalyticsSink | null> } & TrackerOptions): Analytics {
  if (!enabled) return { start() {}, pageView() {}, identify() {} };
  const queue = createQueueingSink();
  const tracker = createAnalyticsTracker(queue, options);
  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      load().then(
        (sink) => (sink ? queue.attach(sink) : queue.discard()),
        (err) => {
          console.warn('Analytics: could not load', err);
          queue.discard();
        },
      );
    },
    pageView: tracker.pageView,
    identify: tracker.identify,
  };
}
