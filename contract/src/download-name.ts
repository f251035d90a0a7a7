/**
 * A name a researcher gave (a project's, a clip's, a reel's) made safe as a downloaded file's name on every file
 * system: no control characters or characters a file system refuses, no leading dots, spaces collapsed, at most
 * 80 characters; `fallback` when nothing is left.
 */
export function safeDownloadStem(name: string, fallback: string): string {
  const safe = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what it takes out
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return safe || fallback;
}
