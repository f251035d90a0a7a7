/**
 * `Content-Disposition` for a download: an ASCII name for old clients and the exact UTF-8 name (RFC 6266 / 5987).
 * `fileName` is already safe for a file system (`safeDownloadStem` in the contract).
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
