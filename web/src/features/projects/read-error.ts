import type { FirestoreError } from 'firebase/firestore';

/** A sentence for a failed live read of projects or of one project. */
export function projectReadError(error: FirestoreError, what: 'list' | 'project'): string {
  if (error.code === 'permission-denied' || error.code === 'not-found') {
    return what === 'project' ? 'This project does not exist or is not yours.' : 'You are not allowed to see these projects.';
  }
  if (error.code === 'unavailable') return "Can't reach the server right now. Check your connection; this page updates by itself when it's back.";
  return what === 'project' ? 'Could not load this project. Reload the page to try again.' : 'Could not load your projects. Reload the page to try again.';
}
