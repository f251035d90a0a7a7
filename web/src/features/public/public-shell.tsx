import type { ReactNode } from 'react';

/** The Verbatim mark (the favicon's V). */
export function BrandMark({ size = 22 }: { size?: number }) {
  return (
    <svg className="pub-brand__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f3a5f" />
      <path d="M9 9h4l3 11 3-11h4l-5 14h-4z" fill="#f6c453" />
    </svg>
  );
}

/** The small bar logged-out visitors see: the product, and Login / Sign Up. */
export function PublicBar() {
  return (
    <div className="pub-bar" data-testid="public-auth-bar">
      <div className="pub-bar__inner">
        <a className="pub-brand" href="/">
          <BrandMark />
          <span>Verbatim</span>
        </a>
        <p className="pub-bar__pitch">Turn your own interviews into insights you can trace.</p>
        <nav className="pub-bar__links" aria-label="Account">
          <a className="pub-bar__link" href="/login">
            Login
          </a>
          <a className="pub-bar__link pub-bar__link--primary" href="/signup">
            Sign Up
          </a>
        </nav>
      </div>
    </div>
  );
}

export function PublicFooter() {
  return (
    <footer className="pub-footer" data-testid="public-footer">
      <div className="pub-footer__inner">
        <a className="pub-brand pub-brand--footer" href="/">
          <BrandMark size={20} />
          <span>Made with Verbatim</span>
        </a>
        <p>Interview insights where every quote is a verbatim, traceable span of its transcript.</p>
      </div>
    </footer>
  );
}

/** The page: the bar for logged-out visitors, content at most 1100 px wide, the footer. */
export function PublicShell({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  return (
    <div className="pub">
      {!loggedIn && <PublicBar />}
      <main className="pub-main">{children}</main>
      <PublicFooter />
    </div>
  );
}

/** Placeholder cards while the page's data loads (under the page's heading, which shows at once). */
export function PublicLoading({ label }: { label: string }) {
  return (
    <div className="pub-loading" role="status" aria-live="polite" data-testid="public-loading">
      <span className="visually-hidden">{label}…</span>
      <div className="pub-skel pub-skel--line" />
      <div className="pub-skel pub-skel--line pub-skel--short" />
      <div className="pub-grid pub-loading__grid" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="pub-card pub-card--skeleton">
            <div className="pub-skel pub-skel--card-title" />
            <div className="pub-skel pub-skel--line" />
            <div className="pub-skel pub-skel--line pub-skel--short" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The disabled message (403, 404, 410) or the page's generic error. */
export function PublicError({ message, disabled }: { message: string; disabled: boolean }) {
  return (
    <div className="pub-error" role="alert">
      <div className="pub-error__icon" aria-hidden="true">
        {disabled ? (
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
            <path d="M4 4l16 16" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v6M12 16.5v.5" />
          </svg>
        )}
      </div>
      <p className="pub-error__message" data-testid="public-error">
        {message}
      </p>
      {disabled ? (
        <p className="pub-error__hint">If you expected to see insights here, ask the person who shared the link for a new one.</p>
      ) : (
        <button type="button" className="pub-button" onClick={() => location.reload()}>
          Try again
        </button>
      )}
    </div>
  );
}
