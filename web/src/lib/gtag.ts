import type { AnalyticsParams, AnalyticsSink } from './analytics';

/**
 * Google's tag (gtag.js) for one GA4 measurement id, without the Firebase SDK: the public pages'
 * page views and the landing pages' marketing id go through it. gtag.js is loaded as an external
 * script (never an inline one), once per page; when Firebase Analytics runs on the same page it
 * finds that script and shares the `dataLayer` and `gtag` (it wraps the function), so every call
 * here goes through `window.gtag` as it is at the time of the call.
 */
export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
const DATA_LAYER = 'dataLayer';

type Gtag = (...args: unknown[]) => void;

/** The page as gtag needs it: the window's globals and a way to add a script (a fake page in tests). */
export interface GtagPage {
  globals: { dataLayer?: unknown[]; gtag?: Gtag };
  /** The src of every script already on the page. */
  scripts(): string[];
  addScript(src: string): void;
}

export function browserPage(): GtagPage {
  return {
    globals: window as unknown as GtagPage['globals'],
    scripts: () => Array.from(document.scripts, (s) => s.src),
    addScript(src) {
      const script = document.createElement('script');
      script.async = true;
      script.src = src;
      document.head.appendChild(script);
    },
  };
}

/** Defines `dataLayer` and `gtag` when nothing has, and adds gtag.js when no copy of it is on the page. */
function installGtag(page: GtagPage, measurementId: string): void {
  const { globals } = page;
  if (!globals.gtag) {
    const layer = (globals.dataLayer ??= []);
    // gtag.js reads each call as an Arguments object, not an array.
    globals.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
    globals.gtag('js', new Date());
  }
  if (!page.scripts().some((src) => src.startsWith(GTAG_URL))) {
    page.addScript(`${GTAG_URL}?l=${DATA_LAYER}&id=${encodeURIComponent(measurementId)}`);
  }
}

/**
 * A sink sending to `measurementId` only: its page views are ours (`send_page_view: false`), each
 * event names its destination (`send_to`), and the user id and properties are set for the page.
 */
export function createGtagSink(measurementId: string, page: GtagPage = browserPage()): AnalyticsSink {
  installGtag(page, measurementId);
  const gtag: Gtag = (...args) => page.globals.gtag?.(...args);
  gtag('config', measurementId, { send_page_view: false });
  return {
    logEvent: (name: string, params: AnalyticsParams) => gtag('event', name, { ...params, send_to: measurementId }),
    setUserId: (id: string | null) => gtag('set', { user_id: id }),
    setUserProperties: (properties: AnalyticsParams) => gtag('set', 'user_properties', properties),
  };
}
