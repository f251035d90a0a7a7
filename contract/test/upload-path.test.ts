import { describe, expect, it } from 'vitest';
import { parseUploadPath, safeFileName, uploadPath, uploadPrefix } from '../src/upload-path';

describe('upload paths', () => {
  it('round-trips uploads/{uid}/{project}/{document}/{file}', () => {
    const path = uploadPath({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName: 'Interview 3.docx' });
    expect(path).toBe('uploads/u1/p1/d1/Interview 3.docx');
    expect(parseUploadPath(path)).toEqual({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName: 'Interview 3.docx' });
  });

  it('keeps a file name to one path segment', () => {
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('a\u0000b.txt')).toBe('a_b.txt');
    expect(safeFileName('   ')).toBe('transcript');
    const long = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('rejects paths outside the uploads layout', () => {
    expect(parseUploadPath('exports/u1/p1/d1/file.txt')).toBeNull();
    expect(parseUploadPath('uploads/u1/p1/file.txt')).toBeNull();
    expect(parseUploadPath('uploads/u1//d1/file.txt')).toBeNull();
  });

  it('names the folder of a project and of a document', () => {
    expect(uploadPrefix('u1', 'p1')).toBe('uploads/u1/p1/');
    expect(uploadPrefix('u1', 'p1', 'd1')).toBe('uploads/u1/p1/d1/');
  });
});
