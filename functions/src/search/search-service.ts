import type { Firestore } from 'firebase-admin/firestore';
import type { SearchRequest } from '@verbatim/contract/request-bodies';
import type { SearchResponse } from '@verbatim/contract/search';
import { ownedProject } from '../projects/ownership';
import { currentAccountIndex, type AccountIndex } from './account-index';
import { searchResponse, type Names } from './search-results';

export function accountNames(account: AccountIndex): Names {
  return {
    project: (projectId) => account.projects.get(projectId)?.name ?? '',
    document: (projectId, documentId) => account.projects.get(projectId)?.documents.get(documentId)?.name ?? '',
  };
}

/**
 * Searches the caller's own projects for a query the contract's schema has read (`searchQuery`). A project filter
 * naming a project that is not theirs is a not-found.
 */
export async function searchResearch(db: Firestore, uid: string, { q: query, filters }: SearchRequest): Promise<SearchResponse> {
  if (filters.projectId) await ownedProject(db, uid, filters.projectId);
  const account = await currentAccountIndex(db, uid);
  return searchResponse(query, account.index.search(query), filters, accountNames(account));
}
