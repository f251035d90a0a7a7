import type { ShareKind } from '@verbatim/contract/share';
import { useEffect, useState } from 'react';
import { isDisabledStatus, loadPublicView, PublicRequestError, type PublicViews } from './public-request';

/** A public page's data: loading, then the view or an error (disabled: 403, 404 or 410). */
export type PublicViewState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; disabled: boolean };

export function usePublicView<K extends ShareKind>(kind: K, token: string): PublicViewState<PublicViews[K]> {
  const [state, setState] = useState<{ key: string; value: PublicViewState<PublicViews[K]> } | null>(null);
  const key = `${kind}/${token}`;
  useEffect(() => {
    const controller = new AbortController();
    loadPublicView(kind, token, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const disabled = error instanceof PublicRequestError && isDisabledStatus(error.status);
        setState({ key, value: { status: 'error', disabled } });
      },
    );
    return () => controller.abort();
  }, [kind, token, key]);
  return state?.key === key ? state.value : { status: 'loading' };
}
