import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from './chunk-load-error';

/** A screen's piece that failed to load gets a friendly retry; any other error says what went wrong. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const reload = () => location.reload();
  if (isChunkLoadError(error)) {
    return (
      <section className="container not-found" role="alert">
        <h1>This page could not be loaded</h1>
        <p>Your connection may have dropped, or Verbatim was just updated. Try again to load it.</p>
        <button type="button" className="button button--primary" onClick={reload}>
          Try again
        </button>
      </section>
    );
  }
  return (
    <section className="container not-found" role="alert">
      <h1>Something went wrong</h1>
      <p>{error instanceof Error ? error.message : 'This page could not be shown.'}</p>
      <button type="button" className="button button--primary" onClick={reload}>
        Reload
      </button>
    </section>
  );
}
