/** A project's deliverables: report, slide deck, whiteboard and REFI-QDA exports. */
export function deliverablePath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/deliverable`;
}
