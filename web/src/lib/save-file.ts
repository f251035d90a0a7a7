/** Hands a made file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a made HTML file in a new tab (the printable report: the reader prints it to PDF from there). */
export function openInNewTab(blob: Blob, tab: Window | null): boolean {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000);
  if (!tab || tab.closed) return false;
  tab.location.href = url;
  return true;
}
