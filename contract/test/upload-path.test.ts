import { describe, expect, it } from 'vitest';
import { parseRecordingPath, parseUploadPath, recordingPath, recordingPrefix, safeFileName, uploadPath, uploadPrefix } from '../src/upload-path';

// Transcript uploads and recordings are laid out alike, each in its own folder (storage.rules match both).
describe.each([
  { folder: 'uploads', path: uploadPath, parse: parseUploadPath, prefix: uploadPrefix, fileName: 'Interview 3.docx' },
  { folder: 'recordings', path: recordingPath, parse: parseRecordingPath, prefix: recordingPrefix, fileName: 'Call 1.m4a' },
])('$folder paths', ({ folder, path, parse, prefix, fileName }) => {
  it(`round-trip ${folder}/{uid}/{project}/{document}/{file}`, () => {
    const stored = path({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName });
    expect(stored).toBe(`${folder}/u1/p1/d1/${fileName}`);
    expect(parse(stored)).toEqual({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName });
  });

  it('keep the file name to one segment', () => {
    expect(path({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName: `../${fileName}` })).toBe(`${folder}/u1/p1/d1/.._${fileName}`);
  });

  it(`reject paths outside the ${folder} layout`, () => {
    expect(parse(`exports/u1/p1/d1/${fileName}`)).toBeNull();
    expect(parse(`${folder}/u1/p1/${fileName}`)).toBeNull();
    expect(parse(`${folder}/u1//d1/${fileName}`)).toBeNull();
    expect(parse(`${folder}/u1/p1/d1/`)).toBeNull();
  });

  it('name the folder of a project and of an interview', () => {
    expect(prefix('u1', 'p1')).toBe(`${folder}/u1/p1/`);
    expect(prefix('u1', 'p1', 'd1')).toBe(`${folder}/u1/p1/d1/`);
  });
});

describe('upload and recording paths', () => {
  it('are told apart', () => {
    expect(parseRecordingPath(uploadPath({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName: 'Call 1.m4a' }))).toBeNull();
    expect(parseUploadPath(recordingPath({ uid: 'u1', projectId: 'p1', documentId: 'd1', fileName: 'Call 1.m4a' }))).toBeNull();
  });
});

describe('a safe file name', () => {
  it('is one path segment without control characters, at most 150 characters, keeping its extension', () => {
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('a\u0000b.txt')).toBe('a_b.txt');
    expect(safeFileName('   ')).toBe('transcript');
    const long = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
