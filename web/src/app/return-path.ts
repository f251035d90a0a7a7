/** Where to go after logging in: the protected page that sent the user here, or `?next=`. */
export function returnPath(state: unknown, search: string, fallback = '/projects'): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (from?.pathname && isSafeLocalPath(from.pathname)) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  const params = new URLSearchParams(search);
  const next = params.get('next');
  if (next && isSafeLocalPath(next)) {
    const plan = params.get('plan');
    if (!plan) return next;
    const url = new URL(next, 'http://local');
    if (!url.searchParams.has('autoSubscribe')) url.searchParams.set('autoSubscribe', plan);
    return `${url.pathname}${url.search}`;
  }
  return fallback;
}

/** Only same-site paths: "/x" but not "//evil.example" or "/\\evil". */
export function isSafeLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\r\n]/.test(path);
}
