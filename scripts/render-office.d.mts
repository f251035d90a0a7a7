/** Types of render-office.mjs: office documents rendered to PDF with LibreOffice. */

/** The fonts the exports name and their metric-compatible twins. */
export const EXPORT_FONTS_AND_TWINS: readonly string[];

/** Whether LibreOffice can be started here. */
export function libreOfficeInstalled(): boolean;

/** Converts `file` to PDF in `outDir`; `withoutExportFonts`: as on a machine without EXPORT_FONTS_AND_TWINS. */
export function renderToPdf(file: string, outDir: string, options?: { withoutExportFonts?: boolean }): string;

/** The names of the fonts a PDF embeds or names, without a subset's tag. */
export function pdfFontNames(pdfPath: string): string[];
