import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="container not-found" role="alert">
      <h1>Something went wrong</h1>
      <p>{error instanceof Error ? error.message : 'This page could not be shown.'}</p>
      <button type="button" className="button button--primary" onClick={() => location.reload()}>
        Reload
      </button>
    </section>
  );
}
