/** `/projects/{p}/documents/{d}/recording`: the interview's recording on the API (see contract/src/recording.ts). */
export function recordingApiPath(projectId: string, documentId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}/recording`;
}
