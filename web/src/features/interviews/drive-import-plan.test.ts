import { describe, expect, it } from 'vitest';
import { DRIVE_PICKER_MIME_TYPES, driveFileRejection, GOOGLE_DOC_MIME_TYPE, pickedDriveFiles, planDriveImport, type PickedDriveFile } from './drive-import-plan';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const txt = (n: number): PickedDriveFile => ({ id: `t${n}`, name: `P${n}.txt`, mimeType: 'text/plain', sizeBytes: 1200 });

describe('the Picker', () => {
  it('lists Google Docs and every format we read', () => {
    expect(DRIVE_PICKER_MIME_TYPES).toEqual(expect.arrayContaining([GOOGLE_DOC_MIME_TYPE, 'text/plain', 'text/markdown', DOCX, 'application/pdf', 'text/vtt', 'application/x-subrip']));
    expect(DRIVE_PICKER_MIME_TYPES).not.toContain('application/vnd.google-apps.spreadsheet');
  });

  it("reads the picked documents, sizes as numbers, and drops ones without an id or name", () => {
    expect(
      pickedDriveFiles([
        { id: 'a', name: ' Interview.docx ', mimeType: DOCX, sizeBytes: 2048, url: 'https://drive.google.com/…' },
        { id: 'b', name: 'Notes', mimeType: GOOGLE_DOC_MIME_TYPE },
        { id: 'c', name: 'c.srt', mimeType: 'application/x-subrip', sizeBytes: '512' },
        { id: '', name: 'nameless id' },
        { id: 'd' },
        null,
      ]),
    ).toEqual([
      { id: 'a', name: 'Interview.docx', mimeType: DOCX, sizeBytes: 2048 },
      { id: 'b', name: 'Notes', mimeType: GOOGLE_DOC_MIME_TYPE, sizeBytes: null },
      { id: 'c', name: 'c.srt', mimeType: 'application/x-subrip', sizeBytes: 512 },
    ]);
  });
});

describe('which picked files are imported', () => {
  it('takes Google Docs, files with an accepted extension, and files whose mime type is one of ours', () => {
    expect(driveFileRejection({ id: 'd', name: 'Notes', mimeType: GOOGLE_DOC_MIME_TYPE, sizeBytes: null })).toBeNull();
    expect(driveFileRejection({ id: 's', name: 'call.SRT', mimeType: 'application/octet-stream', sizeBytes: 10 })).toBeNull();
    expect(driveFileRejection({ id: 'p', name: 'scan', mimeType: 'application/pdf', sizeBytes: 10 })).toBeNull();
  });

  it('refuses other types and other Google files, and files over 20 MB, naming each', () => {
    expect(driveFileRejection({ id: 'a', name: 'call.mp3', mimeType: 'audio/mpeg', sizeBytes: 10 })).toBe(
      'The file call.mp3 cannot be imported: files ending in .mp3 are not supported. Import Google Docs or files of type: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.',
    );
    expect(driveFileRejection({ id: 's', name: 'notes.txt', mimeType: 'application/vnd.google-apps.spreadsheet', sizeBytes: null })).toMatch(
      /^The file notes\.txt cannot be imported: files of this type are not supported\./,
    );
    expect(driveFileRejection({ id: 'b', name: 'big.pdf', mimeType: 'application/pdf', sizeBytes: 25 * 1024 * 1024 })).toBe(
      'The file big.pdf is 25.0 MB; the limit is 20 MB. Split it or export it as text.',
    );
  });

  it('sends acceptable files in the order picked and lists the refused ones', () => {
    const plan = planDriveImport([txt(1), { id: 'm', name: 'call.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 }, txt(2)], 10, false);
    expect(plan.files).toEqual([
      { id: 't1', name: 'P1.txt', mimeType: 'text/plain' },
      { id: 't2', name: 'P2.txt', mimeType: 'text/plain' },
    ]);
    expect(plan.rejected).toHaveLength(1);
    expect(plan.outOfCredits).toBe(false);
  });

  it('sends at most 20 files', () => {
    const plan = planDriveImport(Array.from({ length: 22 }, (_, i) => txt(i)), null, false);
    expect(plan.files).toHaveLength(20);
    expect(plan.rejected).toEqual(['The file P20.txt was not imported: import at most 20 files at a time.', 'The file P21.txt was not imported: import at most 20 files at a time.']);
  });

  it('a trial account sends only as many files as it has credits for, and the subscribe prompt is due', () => {
    const plan = planDriveImport([txt(1), txt(2), txt(3)], 1, false);
    expect(plan.files.map((f) => f.id)).toEqual(['t1']);
    expect(plan.rejected).toEqual([
      'The file P2.txt was not imported: you have no credits left for this interview.',
      'The file P3.txt was not imported: you have no credits left for this interview.',
    ]);
    expect(plan.outOfCredits).toBe(true);
  });

  it('a subscriber, or unknown credits, leaves the count to the server', () => {
    expect(planDriveImport([txt(1), txt(2)], 0, true).files).toHaveLength(2);
    expect(planDriveImport([txt(1), txt(2)], null, false)).toMatchObject({ rejected: [], outOfCredits: false });
  });
});
