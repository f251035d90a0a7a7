/** Where a project's interviews live. */
export function interviewsPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/interviews`;
}
