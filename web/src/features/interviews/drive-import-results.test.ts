import { describe, expect, it, vi } from 'vitest';
import type { DriveImportResult } from './api/import-from-drive';

vi.mock('../../lib/firebase', () => ({ auth: { currentUser: null }, db: {}, firebaseApp: {} }));
const { ApiError } = await import('../../lib/api-client');
const { driveImportFailure, googleSignInMessage, importingLine, summariseDriveImport } = await import('./drive-import-results');

const OUT_OF_CREDITS = "You've used all your free trial credits. Subscribe to the Solo plan for unlimited interviews.";

const documentResult = (id: string, status: 'parsed' | 'failed', errorCode: string | null = null): DriveImportResult => ({
  kind: 'document',
  fileId: `f-${id}`,
  name: `${id}.txt`,
  document: { id, status, errorCode, error: errorCode ? 'Why it failed.' : null },
});
const errorResult = (name: string, code: Extract<DriveImportResult, { kind: 'error' }>['error']['code'], message: string): DriveImportResult => ({
  kind: 'error',
  fileId: `f-${name}`,
  name,
  error: { code, message },
});

describe('what an import from Google Drive says', () => {
  it('counts interviews (failed ones too: their rows say why) and lists the files that became none', () => {
    const summary = summariseDriveImport([
      documentResult('a', 'parsed'),
      documentResult('b', 'failed', 'corrupt'),
      errorResult('gone.txt', 'not-found', 'The file gone.txt was not found in Google Drive.'),
      errorResult('call.mp3', 'unsupported-type', 'The file call.mp3 cannot be imported.'),
    ]);
    expect(summary).toEqual({
      imported: 2,
      rejections: ['The file gone.txt was not found in Google Drive.', 'The file call.mp3 cannot be imported.'],
      outOfCredits: false,
      accessRefused: false,
      confirmation: 'Imported 2 files from Google Drive.',
    });
  });

  it('asks for a subscription when a file had no credit, as an upload does', () => {
    const summary = summariseDriveImport([documentResult('a', 'parsed'), errorResult('b.srt', 'out-of-credits', OUT_OF_CREDITS)]);
    expect(summary.outOfCredits).toBe(true);
    expect(summary.rejections).toEqual([OUT_OF_CREDITS]);
    expect(summary.confirmation).toBe('Imported 1 file from Google Drive.');
    // An interview refused at the last moment (another upload took the credit) counts too.
    expect(summariseDriveImport([documentResult('c', 'failed', 'out-of-credits')]).outOfCredits).toBe(true);
  });

  it('notices when Google refused the access token, and confirms nothing when nothing was imported', () => {
    const message = 'Google Drive refused access to the file a.txt: sign in to Google again.';
    const summary = summariseDriveImport([errorResult('a.txt', 'no-access', message)]);
    expect(summary).toMatchObject({ accessRefused: true, rejections: [message], imported: 0, confirmation: null });
  });

  it('says what is happening while the server imports', () => {
    expect(importingLine(1)).toBe('Importing 1 file from Google Drive…');
    expect(importingLine(3)).toBe('Importing 3 files from Google Drive…');
  });

  it('says nothing when the researcher closed the Google window, and what to do otherwise', () => {
    expect(googleSignInMessage({ type: 'popup_closed' })).toBeNull();
    expect(googleSignInMessage({ type: 'popup_failed_to_open' })).toMatch(/Allow pop-ups for this site/);
    expect(googleSignInMessage({ type: 'access_denied' })).toMatch(/allow Verbatim to see your Drive files/);
    expect(googleSignInMessage({ type: 'script-failed' })).toMatch(/could not be loaded/);
    expect(googleSignInMessage(null)).toBe('Signing in to Google did not work. Please try again.');
  });

  it("passes on the server's reason when the request fails as a whole", () => {
    expect(driveImportFailure(new ApiError(400, 'Import at most 20 files at a time (this request has 21).'))).toBe(
      'The import from Google Drive failed. Import at most 20 files at a time (this request has 21).',
    );
    expect(driveImportFailure(new TypeError('boom'))).toBe('The import from Google Drive failed. Please try again.');
  });
});
