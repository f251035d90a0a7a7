import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { config } from '../lib/config';

// Loaded apart from the first page's JavaScript (the first-load budget): the box appears a moment after the navbar.
const NavbarSearch = lazy(() => import('../features/search/navbar-search'));

export function Navbar({ offset }: { offset: number }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const accountRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setMenuOpen(false);
    setAccountOpen(false);
  }, [location.pathname]);

  // The account dropdown closes on a click anywhere outside it.
  useEffect(() => {
    if (!accountOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (accountRef.current && !accountRef.current.contains(event.target as Node)) setAccountOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setAccountOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [accountOpen]);

  async function handleLogOut() {
    setAccountOpen(false);
    await (await import('../features/auth/sign-in-actions')).logOut();
    navigate('/login');
  }

  return (
    <header className="navbar" style={{ top: offset }}>
      <Link to="/" className="navbar__logo" aria-label="Verbatim home">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Verbatim</span>
      </Link>
      <button
        type="button"
        className="navbar__hamburger"
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls="navbar-menu"
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span />
        <span />
        <span />
      </button>
      <nav id="navbar-menu" className={`navbar__menu${menuOpen ? ' navbar__menu--open' : ''}`}>
        <Suspense fallback={null}>
          <NavbarSearch />
        </Suspense>
        <NavLink to="/projects" className="navbar__link">
          Projects
        </NavLink>
        <div className="navbar__account" ref={accountRef}>
          <button
            type="button"
            className="navbar__link navbar__account-toggle"
            aria-haspopup="menu"
            aria-expanded={accountOpen}
            onClick={() => setAccountOpen((open) => !open)}
          >
            Account ▾
          </button>
          {accountOpen && (
            <div className="navbar__dropdown" role="menu">
              <Link role="menuitem" to="/account/subscription">
                Subscription
              </Link>
              <Link role="menuitem" to="/reset-password">
                Reset Password
              </Link>
              <button role="menuitem" type="button" onClick={handleLogOut}>
                Log Out
              </button>
            </div>
          )}
        </div>
        <a className="navbar__link" href={config.feedbackUrl} target="_blank" rel="noopener noreferrer">
          Feedback
        </a>
      </nav>
    </header>
  );
}
