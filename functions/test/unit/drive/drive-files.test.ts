import { describe, expect, it } from 'vitest';
import { AppError } from '@verbatim/contract/app-error';
import { driveFailureMessage, planDriveFile, readDriveImportRequest, GOOGLE_DOC_MIME_TYPE } from '../../../src/drive/drive-files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const file = (id: number) => ({ id: `id${id}`, name: `f${id}.txt`, mimeType: 'text/plain' });

describe('an import request', () => {
  it('takes up to 20 files with an access token, names trimmed and mime types lower-cased', () => {
    const files = Array.from({ length: 20 }, (_, i) => file(i));
    files[0] = { id: 'a-B_9', name: '  Interview 1.TXT ', mimeType: 'Text/Plain' };
    const request = readDriveImportRequest({ files, accessToken: 'ya29.a0Af-token' });
    expect(request.files).toHaveLength(20);
    expect(request.files[0]).toEqual({ id: 'a-B_9', name: 'Interview 1.TXT', mimeType: 'text/plain' });
    expect(request.accessToken).toBe('ya29.a0Af-token');
  });

  it('refuses more than 20 files, or none', () => {
    const files = Array.from({ length: 21 }, (_, i) => file(i));
    expect(() => readDriveImportRequest({ files, accessToken: 't' })).toThrow('Import at most 20 files at a time (this request has 21).');
    expect(() => readDriveImportRequest({ files: [], accessToken: 't' })).toThrow('The files field must list the Google Drive files to import');
    expect(() => readDriveImportRequest({ accessToken: 't' })).toThrow(AppError);
  });

  it('names the file whose id, name or mime type is wrong', () => {
    expect(() => readDriveImportRequest({ files: [file(1), { id: '../x', name: 'a', mimeType: '' }], accessToken: 't' })).toThrow(
      'File 2: its id must be a Google Drive file id.',
    );
    expect(() => readDriveImportRequest({ files: [{ id: 'x', name: ' ', mimeType: '' }], accessToken: 't' })).toThrow('File 1: its name must be');
    expect(() => readDriveImportRequest({ files: [{ id: 'x', name: 'a' }], accessToken: 't' })).toThrow('File 1: its mimeType must be');
  });

  it('refuses a missing or malformed token without repeating it', () => {
    for (const accessToken of [undefined, '', 'two words', 'line\nbreak', 'x'.repeat(5000)]) {
      let message = '';
      try {
        readDriveImportRequest({ files: [file(1)], accessToken });
      } catch (err) {
        message = (err as AppError).message;
        expect((err as AppError).kind).toBe('invalid');
      }
      expect(message).toBe('The accessToken field must be the Google OAuth access token of the signed-in Google account.');
    }
  });
});

describe('which Drive files are transcripts', () => {
  it('exports a Google Doc as text, named .txt (an accepted extension it carries is replaced)', () => {
    expect(planDriveFile({ id: 'd', name: 'Interview 3', mimeType: GOOGLE_DOC_MIME_TYPE })).toEqual({
      ok: true,
      source: 'export',
      fileName: 'Interview 3.txt',
      contentType: 'text/plain',
    });
    expect(planDriveFile({ id: 'd', name: 'P4 notes.docx', mimeType: GOOGLE_DOC_MIME_TYPE })).toMatchObject({ fileName: 'P4 notes.txt' });
    expect(planDriveFile({ id: 'd', name: 'v1.2 notes', mimeType: GOOGLE_DOC_MIME_TYPE })).toMatchObject({ fileName: 'v1.2 notes.txt' });
  });

  it('downloads files with an accepted extension under their own name, whatever Drive calls their type', () => {
    expect(planDriveFile({ id: 'f', name: 'Call.SRT', mimeType: 'application/octet-stream' })).toEqual({ ok: true, source: 'media', fileName: 'Call.SRT' });
    expect(planDriveFile({ id: 'f', name: 'p1.docx', mimeType: DOCX })).toEqual({ ok: true, source: 'media', fileName: 'p1.docx' });
    expect(planDriveFile({ id: 'f', name: 'cues.vtt', mimeType: 'text/vtt' })).toMatchObject({ ok: true, fileName: 'cues.vtt' });
  });

  it('gives a file without an accepted extension the one its mime type stands for', () => {
    expect(planDriveFile({ id: 'f', name: 'transcript', mimeType: 'text/plain' })).toMatchObject({ ok: true, fileName: 'transcript.txt' });
    expect(planDriveFile({ id: 'f', name: 'Scan 2024', mimeType: 'application/pdf' })).toMatchObject({ ok: true, fileName: 'Scan 2024.pdf' });
    expect(planDriveFile({ id: 'f', name: 'captions', mimeType: 'application/x-subrip' })).toMatchObject({ ok: true, fileName: 'captions.srt' });
  });

  it('refuses other files and other Google Workspace files, saying what is accepted', () => {
    expect(planDriveFile({ id: 'f', name: 'call.mp3', mimeType: 'audio/mpeg' })).toEqual({
      ok: false,
      code: 'unsupported-type',
      message: 'The file call.mp3 cannot be imported: files ending in .mp3 are not supported. Import Google Docs or files of type: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.',
    });
    expect(planDriveFile({ id: 'f', name: 'Budget', mimeType: 'application/vnd.google-apps.spreadsheet' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The file Budget is a Google Sheets spreadsheet, which cannot be imported\. Import Google Docs/),
    });
    expect(planDriveFile({ id: 'f', name: 'Team', mimeType: 'application/vnd.google-apps.folder' })).toMatchObject({ message: expect.stringContaining('is a folder') });
    // A Sheet named like a text file is still a Sheet.
    expect(planDriveFile({ id: 'f', name: 'notes.txt', mimeType: 'application/vnd.google-apps.spreadsheet' })).toMatchObject({ ok: false });
    expect(planDriveFile({ id: 'f', name: 'README', mimeType: 'application/octet-stream' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('files of this type are not supported'),
    });
  });

  it('shortens a long name so the interview name fits, keeping the extension', () => {
    const plan = planDriveFile({ id: 'd', name: 'x'.repeat(400), mimeType: GOOGLE_DOC_MIME_TYPE });
    expect(plan.ok && plan.fileName).toBe(`${'x'.repeat(196)}.txt`);
  });
});

describe('what each Drive failure says', () => {
  it('names the file and what to do', () => {
    expect(driveFailureMessage('P1.txt', { kind: 'no-access' })).toBe('Google Drive refused access to the file P1.txt: sign in to Google again.');
    expect(driveFailureMessage('P1.txt', { kind: 'not-found' })).toBe(
      'The file P1.txt was not found in Google Drive: it may have been deleted, or it is not shared with you.',
    );
    expect(driveFailureMessage('P1.pdf', { kind: 'too-large', size: 31.5 * 1024 * 1024 })).toBe(
      'The file P1.pdf is 31.5 MB; the limit is 20 MB. Split it or export it as text.',
    );
    expect(driveFailureMessage('P1.txt', { kind: 'too-large' })).toBe('The file P1.txt is over the 20 MB limit. Split it or export it as text.');
    expect(driveFailureMessage('Notes', { kind: 'too-large', reason: 'exportSizeLimitExceeded' })).toContain('too large for Google Drive to export as text');
    expect(driveFailureMessage('P1.txt', { kind: 'unreadable' })).toBe('Google Drive could not send the file P1.txt. Try importing it again.');
    expect(driveFailureMessage('P1.txt', { kind: 'rate-limited' })).toContain('Try again in a minute.');
  });
});
