import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { MAX_QUERY_LENGTH, parseSearchFilters, type SearchFilters, type SearchResponse } from '@verbatim/contract/search';
import { ownedProject } from '../projects/ownership';
import { currentAccountIndex, type AccountIndex } from './account-index';
import { searchResponse, type Names } from './search-results';

/** The query as typed, checked: a clear 400 for a missing, blank or too long one. */
export function validQuery(raw: unknown, what = 'search', max = MAX_QUERY_LENGTH): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new AppError('invalid', `Type something to ${what}.`);
  const query = raw.trim();
  if (query.length > max) throw new AppError('invalid', `Keep it under ${max} characters.`);
  return query;
}

export function validFilters(raw: Record<string, unknown>): SearchFilters {
  try {
    return parseSearchFilters(raw);
  } catch (error) {
    throw new AppError('invalid', (error as Error).message);
  }
}

export function accountNames(account: AccountIndex): Names {
  return {
    project: (projectId) => account.projects.get(projectId)?.name ?? '',
    document: (projectId, documentId) => account.projects.get(projectId)?.documents.get(documentId)?.name ?? '',
  };
}

/** Searches the caller's own projects. A project filter naming a project that is not theirs is a not-found. */
export async function searchResearch(db: Firestore, uid: string, raw: Record<string, unknown>): Promise<SearchResponse> {
  const query = validQuery(raw.q);
  const filters = validFilters(raw);
  if (filters.projectId) await ownedProject(db, uid, filters.projectId);
  const account = await currentAccountIndex(db, uid);
  return searchResponse(query, account.index.search(query), filters, accountNames(account));
}
