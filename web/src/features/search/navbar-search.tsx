import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from './paths';
import { isSearchShortcut } from './slash-shortcut';

/** The navbar's search box: `/` anywhere focuses it; Enter opens /search with the query. */
export default function NavbarSearch() {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchShortcut(event, event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (query.trim() === '') return;
    navigate(searchPath({ q: query.trim() }));
    input.current?.blur();
  }

  return (
    <form className="navbar__search" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="navbar-search">
        Search all your research
      </label>
      <input
        id="navbar-search"
        ref={input}
        type="search"
        value={query}
        maxLength={300}
        placeholder="Search  ( / )"
        aria-keyshortcuts="/"
        onChange={(e) => setQuery(e.target.value)}
      />
    </form>
  );
}
