import JSZip from 'jszip';
import type { ExportModel } from '../export-model';
import { buildProjectQde } from './project-qde';

/** Files shorter than this (insight memos) are stored, not deflated: a compressor per small file costs more time
 * (about 0.3 s for 1,000 memos) than the few bytes it saves. */
const STORE_BELOW_CHARS = 4096;

/**
 * The REFI-QDA project (.qdpx): a zip of `project.qde` and `sources/<guid>.txt`, one UTF-8 file per interview and
 * one per insight memo.
 * Deterministic: GUIDs are derived from ids and every entry (the folder too) is dated `generatedAt`, so the same
 * model gives the same bytes.
 */
export async function renderQdpx(model: ExportModel): Promise<Uint8Array> {
  const { xml, sources } = buildProjectQde(model);
  const zip = new JSZip();
  const date = model.generatedAt;
  // Entries are written with `createFolders: false` and the folder added here, dated too: a folder JSZip adds on
  // its own is dated now.
  zip.file('project.qde', xml, { date });
  zip.file('sources/', null, { dir: true, date });
  for (const source of sources) {
    const small = source.text.length < STORE_BELOW_CHARS;
    zip.file(source.path, source.text, { date, createFolders: false, ...(small ? { compression: 'STORE' as const } : {}) });
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
