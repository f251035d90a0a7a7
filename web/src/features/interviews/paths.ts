/** Where a project's interviews live. */
export function interviewsPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/interviews`;
}

/** The reading view of one interview; `#t-<start>` anchors a turn. */
export function interviewPagePath(projectId: string, documentId: string, turnStart?: number): string {
  const path = `/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}`;
  return turnStart === undefined ? path : `${path}#${turnAnchor(turnStart)}`;
}

/** The element id of the turn starting at `start`. */
export function turnAnchor(start: number): string {
  return `t-${start}`;
}
