import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/api/app';
import { readServerConfig } from '../../src/config/server-config';
import { OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
import { importDriveFiles } from '../../src/drive/import-drive-files';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { testRecordingStore } from '../support/recording-store';
import { noFileStore } from '../../src/storage/file-store';
import { GOOGLE_DOC_MIME_TYPE, startDriveStandIn, type DriveStandIn } from '../../../test/support/drive-stand-in.mjs';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture, smallInterview } from '../support/fixtures';

// The real API app, in-process: a stand-in Auth that takes the bearer token as the uid, the
// Firestore emulator, and Google Drive played by a local stand-in (the config's driveApiBase).

const db = () => adminDb();
const SRT = '06_gvc_eBay-FarhangKassei-Interview-v4.srt';

let drive: DriveStandIn;
let server: Server;
let apiUrl = '';

interface DriveImportResponse {
  results: (
    | { kind: 'document'; fileId: string; name: string; document: { id: string; status: string; errorCode: string | null; error: string | null } }
    | { kind: 'error'; fileId: string; name: string; error: { code: string; message: string } }
  )[];
}

beforeAll(async () => {
  drive = await startDriveStandIn();
  const auth = { verifyIdToken: async (token: string) => ({ uid: token, email: `${token}@example.com` }) } as unknown as Auth;
  const app = createApiApp({ db: db(), auth, files: noFileStore, recordings: testRecordingStore(), config: { ...readServerConfig({}), driveApiBase: drive.url, uploadVia: 'api' } });
  server = app.listen(0, '127.0.0.1');
  // Idle connections stay open longer than the client keeps them (its pool reads this as Keep-Alive: timeout=…): a test
  // that starts as the server closes an idle connection would otherwise send on a closed socket (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.once('listening', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await drive.close();
});

beforeEach(async () => {
  await clearFirestore();
  drive.reset();
});

async function userWithProject(uid: string, creditsRemaining = 10) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive: false, createdAt: now, updatedAt: now });
  return (await createProject(db(), uid, 'Drive study')).id;
}

async function importDrive(uid: string, projectId: string, files: { id: string; name: string; mimeType: string }[], accessToken = drive.accessToken) {
  const res = await fetch(`${apiUrl}/projects/${projectId}/documents/import-drive`, {
    method: 'POST',
    headers: { authorization: `Bearer ${uid}`, 'content-type': 'application/json' },
    body: JSON.stringify({ files, accessToken }),
  });
  return { status: res.status, credits: res.headers.get('x-credits-remaining'), body: (await res.json()) as DriveImportResponse & { error?: { message: string } } };
}

const creditsOf = async (uid: string) => (await db().doc(`users/${uid}`).get()).data()?.creditsRemaining;
const interviewsOf = async (projectId: string) => (await db().collection(`projects/${projectId}/documents`).get()).docs.map((d) => d.data());

describe('importing transcripts from Google Drive', () => {
  it('parses a .txt and an .srt into interviews through the upload pipeline, one credit each', async () => {
    const projectId = await userWithProject('ada');
    drive.addFile({ id: 'txt-1', name: 'Focus group.txt', mimeType: 'text/plain', bytes: smallInterview() });
    drive.addFile({ id: 'srt-1', name: 'eBay interview.srt', mimeType: 'application/x-subrip', bytes: fixture(SRT) });

    const res = await importDrive('ada', projectId, [
      { id: 'txt-1', name: 'Focus group.txt', mimeType: 'text/plain' },
      { id: 'srt-1', name: 'eBay interview.srt', mimeType: 'application/x-subrip' },
    ]);

    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { kind: 'document', fileId: 'txt-1', name: 'Focus group.txt', document: { id: expect.any(String), status: 'parsed', errorCode: null, error: null } },
      { kind: 'document', fileId: 'srt-1', name: 'eBay interview.srt', document: { id: expect.any(String), status: 'parsed', errorCode: null, error: null } },
    ]);
    expect(await creditsOf('ada')).toBe(8);
    expect(res.credits).toBe('8');

    const docs = await interviewsOf(projectId);
    expect(docs.map((d) => [d.fileName, d.format, d.status, d.creditSpent]).sort()).toEqual([
      ['Focus group.txt', 'txt', 'parsed', true],
      ['eBay interview.srt', 'srt', 'parsed', true],
    ]);
    expect(docs.every((d) => d.turnCount > 0 && d.wordCount > 0 && d.size > 0)).toBe(true);
    const srt = docs.find((d) => d.format === 'srt')!;
    expect(srt.speakers.map((s: { label: string }) => s.label)).toContain('Schalk');
    expect((await db().doc(`projects/${projectId}`).get()).data()?.counts).toMatchObject({ documents: 2, parsed: 2, failed: 0 });

    // Drive was asked for each file's bytes, with the user's token; the token is kept nowhere.
    expect(drive.requests.map((r) => [r.path, r.query.alt, r.authorization])).toEqual([
      ['/drive/v3/files/txt-1', 'media', `Bearer ${drive.accessToken}`],
      ['/drive/v3/files/srt-1', 'media', `Bearer ${drive.accessToken}`],
    ]);
    const stored = JSON.stringify([...docs, (await db().doc(`projects/${projectId}`).get()).data(), (await db().doc('users/ada').get()).data()]);
    expect(stored).not.toContain(drive.accessToken);
  });

  it('exports a Google Doc as plain text and reads it as a .txt transcript', async () => {
    const projectId = await userWithProject('grace');
    const text = fixture('04_anthropic-interviewer_science_0012.txt').toString('utf8');
    drive.addGoogleDoc({ id: 'gdoc-1', name: 'Scientist interview', text });

    const res = await importDrive('grace', projectId, [{ id: 'gdoc-1', name: 'Scientist interview', mimeType: GOOGLE_DOC_MIME_TYPE }]);

    expect(res.body.results).toEqual([
      expect.objectContaining({ kind: 'document', fileId: 'gdoc-1', document: expect.objectContaining({ status: 'parsed' }) }),
    ]);
    expect(drive.requests).toEqual([expect.objectContaining({ path: '/drive/v3/files/gdoc-1/export', query: { mimeType: 'text/plain' } })]);
    const [doc] = await interviewsOf(projectId);
    expect(doc).toMatchObject({ name: 'Scientist interview.txt', format: 'txt', status: 'parsed', creditSpent: true });
    expect(doc.speakers.map((s: { label: string }) => s.label)).toEqual(['AI', 'User']);
    expect(await creditsOf('grace')).toBe(9);
  });

  it('refuses an unknown id, an unsupported type and a file over the limit with their own errors, leaving no interview and spending nothing', async () => {
    const projectId = await userWithProject('alan');
    drive.addFile({ id: 'audio-1', name: 'call.mp3', mimeType: 'audio/mpeg', bytes: 'ID3' });
    drive.addFile({ id: 'huge-1', name: 'huge.pdf', mimeType: 'application/pdf', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20) });
    drive.addGoogleDoc({ id: 'huge-doc', name: 'Long doc', text: 'a'.repeat(2 * MAX_UPLOAD_BYTES) });
    drive.addFile({ id: 'flaky-1', name: 'Flaky.txt', mimeType: 'text/plain', bytes: smallInterview() });
    drive.answerNext('flaky-1', { status: 503, reason: 'backendError' });

    const res = await importDrive('alan', projectId, [
      { id: 'gone-1', name: 'Deleted.txt', mimeType: 'text/plain' },
      { id: 'audio-1', name: 'call.mp3', mimeType: 'audio/mpeg' },
      { id: 'huge-1', name: 'huge.pdf', mimeType: 'application/pdf' },
      { id: 'huge-doc', name: 'Long doc', mimeType: GOOGLE_DOC_MIME_TYPE },
      { id: 'flaky-1', name: 'Flaky.txt', mimeType: 'text/plain' },
    ]);

    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => (r.kind === 'error' ? [r.fileId, r.error.code, r.error.message] : r.kind))).toEqual([
      ['gone-1', 'not-found', 'The file Deleted.txt was not found in Google Drive: it may have been deleted, or it is not shared with you.'],
      ['audio-1', 'unsupported-type', expect.stringMatching(/^The file call\.mp3 cannot be imported: files ending in \.mp3 are not supported\./)],
      ['huge-1', 'too-large', 'The file huge.pdf is 20.0 MB; the limit is 20 MB. Split it or export it as text.'],
      ['huge-doc', 'too-large', 'The file Long doc is over the 20 MB limit. Split it or export it as text.'],
      ['flaky-1', 'unreadable', 'Google Drive could not send the file Flaky.txt. Try importing it again.'],
    ]);
    // The mp3 was never asked for; the large files were not read to their end.
    expect(drive.requests.map((r) => r.path)).toEqual([
      '/drive/v3/files/gone-1',
      '/drive/v3/files/huge-1',
      '/drive/v3/files/huge-doc/export',
      '/drive/v3/files/flaky-1',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drive.requests.slice(1, 3).map((r) => r.completed)).toEqual([false, false]);

    expect(await interviewsOf(projectId)).toEqual([]);
    expect(await creditsOf('alan')).toBe(10);
    expect((await db().doc(`projects/${projectId}`).get()).data()?.counts).toMatchObject({ documents: 0, parsed: 0, failed: 0 });
  });

  it('says Drive refused access when the token is refused, and asks Drive only once', async () => {
    const projectId = await userWithProject('barbara');
    drive.addFile({ id: 'txt-1', name: 'a.txt', mimeType: 'text/plain', bytes: smallInterview() });
    drive.addFile({ id: 'txt-2', name: 'b.txt', mimeType: 'text/plain', bytes: smallInterview() });

    const res = await importDrive(
      'barbara',
      projectId,
      [
        { id: 'txt-1', name: 'a.txt', mimeType: 'text/plain' },
        { id: 'txt-2', name: 'b.txt', mimeType: 'text/plain' },
      ],
      'ya29.expired-token',
    );

    expect(res.body.results.map((r) => r.kind === 'error' && [r.error.code, r.error.message])).toEqual([
      ['no-access', 'Google Drive refused access to the file a.txt: sign in to Google again.'],
      ['no-access', 'Google Drive refused access to the file b.txt: sign in to Google again.'],
    ]);
    expect(drive.requests).toHaveLength(1);
    expect(await interviewsOf(projectId)).toEqual([]);
    expect(await creditsOf('barbara')).toBe(10);
  });

  it('a trial account with one credit gets the first file; the second is refused as an upload would be', async () => {
    const projectId = await userWithProject('carol', 1);
    drive.addFile({ id: 'txt-1', name: 'First.txt', mimeType: 'text/plain', bytes: smallInterview() });
    drive.addFile({ id: 'srt-1', name: 'Second.srt', mimeType: 'application/x-subrip', bytes: fixture(SRT) });

    const res = await importDrive('carol', projectId, [
      { id: 'txt-1', name: 'First.txt', mimeType: 'text/plain' },
      { id: 'srt-1', name: 'Second.srt', mimeType: 'application/x-subrip' },
    ]);

    expect(res.body.results).toEqual([
      expect.objectContaining({ kind: 'document', fileId: 'txt-1', document: expect.objectContaining({ status: 'parsed' }) }),
      { kind: 'error', fileId: 'srt-1', name: 'Second.srt', error: { code: 'out-of-credits', message: OUT_OF_CREDITS_MESSAGE } },
    ]);
    expect(res.credits).toBe('0');
    expect(await creditsOf('carol')).toBe(0);
    expect((await interviewsOf(projectId)).map((d) => d.fileName)).toEqual(['First.txt']);
    // Not even downloaded: there was no credit for it.
    expect(drive.requests.map((r) => r.path)).toEqual(['/drive/v3/files/txt-1']);
    // The same refusal an upload gets.
    await expect(reserveInterview(db(), 'carol', projectId, { fileName: 'Second.srt', size: 10 })).rejects.toThrow(OUT_OF_CREDITS_MESSAGE);
  });

  it('a file the parser cannot read becomes a failed interview with its reason, as an upload does, and costs nothing', async () => {
    const projectId = await userWithProject('dora');
    drive.addFile({ id: 'pdf-1', name: 'Broken.pdf', mimeType: 'application/pdf', bytes: Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x9c, 0x00]) });
    drive.addFile({ id: 'empty-1', name: 'Empty.txt', mimeType: 'text/plain', bytes: '' });
    drive.addFile({ id: 'txt-1', name: 'Fine.txt', mimeType: 'text/plain', bytes: smallInterview() });

    const res = await importDrive('dora', projectId, [
      { id: 'pdf-1', name: 'Broken.pdf', mimeType: 'application/pdf' },
      { id: 'empty-1', name: 'Empty.txt', mimeType: 'text/plain' },
      { id: 'txt-1', name: 'Fine.txt', mimeType: 'text/plain' },
    ]);

    const [broken, empty, fine] = res.body.results;
    expect(broken).toMatchObject({ kind: 'document', document: { status: 'failed', errorCode: 'corrupt', error: expect.stringContaining('not a readable PDF') } });
    expect(empty).toMatchObject({ kind: 'document', document: { status: 'failed', errorCode: 'empty' } });
    expect(fine).toMatchObject({ kind: 'document', document: { status: 'parsed' } });
    const docs = await interviewsOf(projectId);
    expect(docs.find((d) => d.fileName === 'Broken.pdf')).toMatchObject({ status: 'failed', creditSpent: false, errorCode: 'corrupt' });
    expect(docs.find((d) => d.fileName === 'Empty.txt')).toMatchObject({ status: 'failed', creditSpent: false, errorCode: 'empty' });
    expect(await creditsOf('dora')).toBe(9);
    expect((await db().doc(`projects/${projectId}`).get()).data()?.counts).toMatchObject({ documents: 3, parsed: 1, failed: 2 });
  });

  it('leaves out the files it has no time left for, without asking Drive', async () => {
    const projectId = await userWithProject('fay');
    drive.addFile({ id: 'txt-1', name: 'a.txt', mimeType: 'text/plain', bytes: smallInterview() });
    const { results } = await importDriveFiles(
      { db: db(), files: noFileStore, apiBase: drive.url, budgetMs: 0 },
      'fay',
      projectId,
      { files: [{ id: 'txt-1', name: 'a.txt', mimeType: 'text/plain' }], accessToken: drive.accessToken },
    );
    expect(results).toEqual([
      { kind: 'error', fileId: 'txt-1', name: 'a.txt', error: { code: 'timeout', message: 'The file a.txt was not imported: there was no time left in this import. Import it again.' } },
    ]);
    expect(drive.requests).toEqual([]);
    expect(await interviewsOf(projectId)).toEqual([]);
  });

  it('refuses more than 20 files, a malformed request and a project of someone else, before asking Drive', async () => {
    const projectId = await userWithProject('eve');
    await userWithProject('mallory');
    const files = Array.from({ length: 21 }, (_, i) => ({ id: `f${i}`, name: `f${i}.txt`, mimeType: 'text/plain' }));

    const tooMany = await importDrive('eve', projectId, files);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe('Import at most 20 files at a time (this request has 21).');

    const noToken = await importDrive('eve', projectId, files.slice(0, 1), '');
    expect(noToken.status).toBe(400);

    const notTheirs = await importDrive('mallory', projectId, files.slice(0, 1));
    expect(notTheirs.status).toBe(404);
    expect(drive.requests).toEqual([]);
  });
});
