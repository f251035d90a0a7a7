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
