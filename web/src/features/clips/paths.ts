/** Where a project's clips are listed. */
export function clipsPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/clips`;
}
