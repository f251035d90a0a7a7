import { describe, expect, it } from 'vitest';
import { driveUnsupportedTypeMessage } from '../src/drive';
import {
  ACCEPTED_EXTENSIONS_TEXT,
  formatOfContentType,
  formatOfExtension,
  TRANSCRIPT_FORMATS,
  unsupportedFormatMessage,
  uploadContentTypeOf,
} from '../src/transcript-formats';

describe('the transcript format table', () => {
  it('names each extension and content type for one format only, so a file is never read two ways', () => {
    const extensions = TRANSCRIPT_FORMATS.flatMap((row) => [...row.extensions, ...row.alsoNamedBy]);
    const contentTypes = TRANSCRIPT_FORMATS.flatMap((row) => [...row.contentTypes, ...row.otherContentTypes]);
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(new Set(contentTypes).size).toBe(contentTypes.length);
    for (const ext of extensions) expect(ext).toMatch(/^\.[a-z0-9]+$/);
  });

  it('reads a format from its extension, its other names, or its content type', () => {
    expect(formatOfExtension('.markdown')).toBe('md');
    expect(formatOfExtension('.srt')).toBe('srt');
    expect(formatOfExtension('.pptx')).toBeUndefined();
    expect(formatOfContentType('Text/Markdown; charset=utf-8')).toBe('md');
    expect(formatOfContentType('text/x-subviewer')).toBe('sub');
    expect(formatOfContentType('text/html')).toBeUndefined();
  });

  it('gives each upload the content type of its format, and unnamed bytes otherwise', () => {
    expect(uploadContentTypeOf('Interview.SRT')).toBe('application/x-subrip');
    expect(uploadContentTypeOf('notes.markdown')).toBe('application/octet-stream');
  });

  it('says which files are accepted, word for word, when one is not', () => {
    expect(ACCEPTED_EXTENSIONS_TEXT).toBe('.txt, .md, .docx, .pdf, .vtt, .srt, .sub');
    expect(unsupportedFormatMessage('Interview 3.TXT')).toBeNull();
    expect(unsupportedFormatMessage('slides.pptx')).toBe('Files ending in .pptx are not supported. Upload one of: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.');
    expect(unsupportedFormatMessage('README')).toBe('Files without an extension are not supported. Upload one of: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.');
    expect(driveUnsupportedTypeMessage('call.mp3', '.mp3')).toBe(
      'The file call.mp3 cannot be imported: files ending in .mp3 are not supported. Import Google Docs or files of type: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.',
    );
    expect(driveUnsupportedTypeMessage('Budget', null)).toBe(
      'The file Budget cannot be imported: files of this type are not supported. Import Google Docs or files of type: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.',
    );
  });
});
