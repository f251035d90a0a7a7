// Renders an office document (.docx, .pptx) to PDF with LibreOffice, headless, as a reader's machine would; for
// npm run preview:exports and the rendered-export tests. Needs the Debian package libreoffice-writer-nogui (and
// libreoffice-impress-nogui for slides): scripts/setup.sh's ensure_libreoffice installs them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * The fonts the exports name (Calibri once, Arial now) and every font made to stand in for them with the same letter
 * widths. Rendering without them all is the worst case: a machine with none of them sets the text in its default
 * sans-serif (DejaVu Sans on Debian), which is wider.
 */
export const EXPORT_FONTS_AND_TWINS = [
  'Calibri',
  'Carlito',
  'Arial',
  'Liberation Sans',
  'Liberation Sans Narrow',
  'Arimo',
  'Helvetica',
  'Nimbus Sans',
  'Nimbus Sans L',
  'TeX Gyre Heros',
];

/** A fontconfig setup: the machine's own, with `hidden` families taken out. Returns its path. */
function fontconfigWithout(dir, hidden) {
  const path = join(dir, 'fonts.conf');
  const patterns = hidden.map((family) => `      <pattern><patelt name="family"><string>${family}</string></patelt></pattern>`).join('\n');
  writeFileSync(
    path,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
${patterns}
    </rejectfont>
  </selectfont>
</fontconfig>
`,
  );
  return path;
}

/** Whether LibreOffice can be started here. */
export function libreOfficeInstalled() {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts `file` to PDF in `outDir` and returns the PDF's path. `withoutExportFonts`: as on a machine that has none of
 * EXPORT_FONTS_AND_TWINS. LibreOffice runs with a profile of its own in `outDir`, so runs side by side do not meet.
 */
export function renderToPdf(file, outDir, { withoutExportFonts = false } = {}) {
  mkdirSync(outDir, { recursive: true });
  const env = { ...process.env, HOME: join(outDir, '.home') };
  if (withoutExportFonts) env.FONTCONFIG_FILE = fontconfigWithout(outDir, EXPORT_FONTS_AND_TWINS);
  execFileSync('soffice', ['--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, file], { stdio: 'ignore', env, timeout: 180_000 });
  return join(outDir, basename(file).replace(/\.[a-z]+$/, '.pdf'));
}

/** The names of the fonts a PDF embeds or names ("DejaVuSans-Bold"), without a subset's tag. */
export function pdfFontNames(pdfPath) {
  const names = [...readFileSync(pdfPath).toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([^\s/<>[\]()]+)/g)].map((m) => m[1]);
  return [...new Set(names)].sort();
}
