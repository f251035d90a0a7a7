const numbers = new Intl.NumberFormat('en-US');

/** "1 word", "1,234 words". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${numbers.format(n)} ${n === 1 ? singular : plural}`;
}

/** "812 bytes", "6.2 KB", "19.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A source timestamp in seconds as "mm:ss", or "h:mm:ss" from one hour. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** "TXT", "DOCX"; "Recording" for an interview made from one; "Unknown type" when the name announced none we read. */
export function formatLabel(format: string | null, fromRecording = false): string {
  if (format) return format.toUpperCase();
  return fromRecording ? 'Recording' : 'Unknown type';
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** "English", "Portuguese"; "Language not detected" for 'und' or none. */
export function languageLabel(code: string | null): string {
  if (!code || code === 'und') return 'Language not detected';
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Added Mar 3, 2026". */
export function addedLabel(date: Date): string {
  return `Added ${day.format(date)}`;
}
