/**
 * The one font of the Word report and the slide deck: Arial. Windows, macOS and iOS ship it, Google Docs and Slides
 * offer it, and LibreOffice sets it in Liberation Sans (ChromeOS in Arimo), whose letters are exactly as wide, so a
 * line, a table cell and a page break where they break in Word. Calibri, Word's own default, is there only where
 * Microsoft Office is installed; elsewhere a wider font takes its place and words break inside table cells.
 */
export const OFFICE_FONT = {
  name: 'Arial',
  /** Where Arial is missing, these are looked for in turn: its metric-compatible twins first. */
  alternatives: ['Liberation Sans', 'Arimo', 'Helvetica'],
  /** The font's PANOSE classification (a sans-serif of normal weight), which applications match a substitute by. */
  panose: '020B0604020202020204',
} as const;
