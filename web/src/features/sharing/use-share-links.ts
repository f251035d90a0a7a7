import { COLLECTIONS } from '@verbatim/contract/constants';
import type { ShareKind, ShareLink } from '@verbatim/contract/share';
import { collection } from 'firebase/firestore';
import { useMemo } from 'react';
import { db } from '../../lib/firestore';
import { useLiveQuery } from '../../lib/use-live';
import { shareLinkConverter } from './share-link-converter';

export type ShareLinks = Partial<Record<ShareKind, ShareLink>>;

/** The project's share links, live from `projects/{p}/shareLinks` (owner-readable). */
export function useShareLinks(projectId: string | undefined) {
  const live = useLiveQuery(projectId ? `shareLinks:${projectId}` : null, () =>
    collection(db, COLLECTIONS.projects, projectId!, COLLECTIONS.shareLinks).withConverter(shareLinkConverter),
  );
  const links = useMemo(() => {
    const byKind: ShareLinks = {};
    for (const link of live.data ?? []) if (link) byKind[link.kind] = link;
    return byKind;
  }, [live.data]);
  return { links, loading: live.loading, error: live.error };
}
