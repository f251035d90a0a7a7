import JSZip from 'jszip';
import mammoth from 'mammoth';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser, type TestUser } from '../../../test/support/emulators';
import { EXPORT_FORMATS } from '@verbatim/contract/exports';
import { adminDb } from '../support/admin';
import { FUNCTIONS_URL } from '../../../test/support/emulators';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

interface StoredQuote {
  text: string;
  speaker: string;
  documentId: string;
}

let owner: TestUser;
let projectId: string;
let quotes: StoredQuote[];

async function download(format: string, token = owner.idToken) {
  const res = await fetch(`${FUNCTIONS_URL}/api/projects/${projectId}/exports/${format}`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

// One analysed interview with timestamps (the shared corpus's BuddyPoke case study), read back from every export.
beforeAll(async () => {
  ({ user: owner, projectId } = await userWithProject('Exports: "BuddyPoke" & friends'));
  const { reserve } = await uploadViaApi(owner.idToken, projectId, '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt', fixture('08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt'));
  const documentId = reserve.body.document.id;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('status'), (s) => s === 'ready');
  const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
  quotes = insights.flatMap((i) => i.quotes as StoredQuote[]);
  expect(quotes.length).toBeGreaterThan(3);
});

describe('GET /projects/{projectId}/exports/{format}', () => {
  it('serves every format as a named attachment of the right type', async () => {
    for (const format of EXPORT_FORMATS) {
      const { res, bytes } = await download(format);
      expect(res.status, format).toBe(200);
      expect(bytes.length, format).toBeGreaterThan(100);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Exports BuddyPoke & friends - [a-z ]+\.[a-z]+"; filename\*=UTF-8''/);
    }
    expect((await download('report.docx')).res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await download('project.qdpx')).res.headers.get('content-type')).toBe('application/zip');
  });

  it('the Word report and the spreadsheet carry every stored quote verbatim', async () => {
    const { value: report } = await mammoth.extractRawText({ buffer: (await download('report.docx')).bytes });
    const rows: Record<string, string>[] = parse((await download('insights.csv')).bytes.toString('utf8').replace(/^\uFEFF/, ''), { columns: true });
    for (const quote of quotes) {
      expect(report).toContain(quote.text);
      expect(rows.some((row) => Object.values(row).includes(quote.text))).toBe(true);
    }
  });

  it('the REFI-QDA project holds the transcript as a source and one coded selection per quote', async () => {
    const zip = await JSZip.loadAsync((await download('project.qdpx')).bytes);
    const qde = await zip.file('project.qde')!.async('string');
    expect(qde).toContain('urn:QDA-XML:project:1.0');
    expect(qde.match(/<Coding\b/g)?.length).toBe(quotes.length);
    const sources = [...qde.matchAll(/<TextSource\b[^>]*plainTextPath="internal:\/\/([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(1);
    expect(zip.file(`sources/${sources[0]}`)).not.toBeNull();
  });

  it('is the owner’s only: another user gets not-found, a visitor 401, an unknown format a clear 404', async () => {
    const stranger = await createPasswordUser();
    const refused = await download('report.docx', stranger.idToken);
    expect(refused.res.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString())).toEqual({ error: { code: 'not-found', message: 'This project does not exist or is not yours.' } });
    expect((await callApi(`/projects/${projectId}/exports/report.docx`)).status).toBe(401);
    const unknown = await callApi<{ error: { message: string } }>(`/projects/${projectId}/exports/report.pdf`, { token: owner.idToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(`There is no export called report.pdf. Choose one of: ${EXPORT_FORMATS.join(', ')}.`);
  });

  it('exports are limited per account per hour: past the quota 429 with Retry-After and when to try again, nothing rendered', async () => {
    const { user, projectId: theirs } = await userWithProject('Exported too often');
    await adminDb().doc(`accountUsage/${user.uid}`).set({ windows: { exports: { start: Date.now(), count: 60 } }, updatedAt: new Date() });
    const res = await fetch(`${FUNCTIONS_URL}/api/projects/${theirs}/exports/report.docx`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ error: { code: 'too-many', message: 'You have made 60 exports in the last hour. Try again in 60 minutes.' } });
    expect((await download('report.docx')).res.status).toBe(200);
  });
});
