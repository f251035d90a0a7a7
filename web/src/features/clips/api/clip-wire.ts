/** The API's path of a project's clips, or of one clip. */
export function clipApiPath(projectId: string, clipId?: string): string {
  return `/projects/${encodeURIComponent(projectId)}/clips${clipId ? `/${encodeURIComponent(clipId)}` : ''}`;
}
