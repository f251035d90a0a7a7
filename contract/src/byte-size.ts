/**
 * A size as people read it: "812 bytes", "1 byte", "6.2 KB", "32 MB", "1.5 GB" (binary units, one decimal kept only when
 * it says something). The one formatter every sentence and label of a size uses. Pure.
 */
export function byteSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 ** 2) return `${+(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
}
