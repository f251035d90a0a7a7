import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalAnalyser } from '../../src/analysis/local';
import { loadWordVectors } from '../../src/analysis/meaning';
import { analyseInterview } from '../../src/analysis-runs/analyse-interview';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview, updateInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { forgetAccountIndexes, pendingPackWrites } from '../../src/search/account-index';
import { storeSearchData, storeSearchDataAfterAnalysis } from '../../src/search/passage-store';
import { searchResearch } from '../../src/search/search-service';
import type { SearchKind } from '@verbatim/contract/search';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

// A cold instance's search index comes from each interview's stored search data, not from its transcript: the server
// modules in-process against the Firestore emulator, each search after forgetAccountIndexes() as on a new instance.
const db = () => adminDb();
const local = () => ({ analyser: createLocalAnalyser(), notes: [] });
const FILE = '04_anthropic-interviewer_science_0012.txt';

async function analysedInterview(uid: string) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
  const project = await createProject(db(), uid, 'Stored search');
  const bytes = fixture(FILE);
  const { document } = await reserveInterview(db(), uid, project.id, { fileName: FILE, size: bytes.length });
  await ingestInterview(db(), { uid, projectId: project.id, documentId: document.id, bytes, fileName: FILE });
  await analyseInterview({ db: db(), chooseAnalyser: local }, project.id, document.id);
  await storeSearchDataAfterAnalysis(db(), project.id, document.id);
  return { projectId: project.id, documentId: document.id };
}

const chunksOf = (projectId: string, documentId: string) => db().collection(`projects/${projectId}/documents/${documentId}/searchData`).get();
const transcriptOf = (projectId: string, documentId: string) => db().collection(`projects/${projectId}/documents/${documentId}/transcript`).get();

async function coldSearch(uid: string, q: string, kind?: SearchKind) {
  forgetAccountIndexes();
  return searchResearch(db(), uid, { q, filters: kind ? { kind } : {} });
}

beforeEach(async () => {
  await clearFirestore();
});

describe('stored search data', () => {
  it('a cold instance finds passages from the stored data alone, exact spans of the transcript', async () => {
    const { projectId, documentId } = await analysedInterview('s1');
    const parts = await transcriptOf(projectId, documentId);
    const text = parts.docs.filter((d) => d.get('kind') === 'text').sort((a, b) => a.get('index') - b.get('index')).map((d) => d.get('text')).join('');
    const before = await coldSearch('s1', 'aquifer', 'passage');
    expect(before.hits.length).toBeGreaterThan(0);

    // Without the transcript a cold search can only have read the stored data.
    for (const part of parts.docs) await part.ref.delete();
    const after = await coldSearch('s1', 'aquifer', 'passage');
    expect(after.hits.map((h) => [h.id, h.text, h.speaker, h.start, h.end])).toEqual(before.hits.map((h) => [h.id, h.text, h.speaker, h.start, h.end]));
    for (const hit of after.hits) expect(text.slice(hit.start!, hit.end!)).toBe(hit.text);
    // The quotes are still checked verbatim against the stored text, so they are still found too.
    expect((await coldSearch('s1', 'research AI tools', 'quote')).hits.length).toBeGreaterThan(0);
  }, 60_000);

  it('stale stored data (another transcript) is rebuilt from the transcript on the next search, not used', async () => {
    const { projectId, documentId } = await analysedInterview('s2');
    const [chunk] = (await chunksOf(projectId, documentId)).docs;
    await chunk.ref.update({ source: 'an older transcript' });
    expect((await coldSearch('s2', 'aquifer', 'passage')).hits.length).toBeGreaterThan(0);
    const rebuilt = (await chunksOf(projectId, documentId)).docs[0].data();
    expect(rebuilt.source).not.toBe('an older transcript');
  }, 60_000);

  it('storing again for a current interview writes nothing; an interview without a transcript stores nothing', async () => {
    const { projectId, documentId } = await analysedInterview('s3');
    const [chunk] = (await chunksOf(projectId, documentId)).docs;
    const vectors = await loadWordVectors();
    await storeSearchData(db(), projectId, documentId, vectors);
    const [again] = (await chunksOf(projectId, documentId)).docs;
    expect(again.updateTime.isEqual(chunk.updateTime)).toBe(true);

    const { document } = await reserveInterview(db(), 's3', projectId, { fileName: 'later.txt', size: 10 });
    await storeSearchData(db(), projectId, document.id, vectors);
    expect((await chunksOf(projectId, document.id)).size).toBe(0);
  }, 60_000);

  it('a cold instance reads a project from its pack while the interviews are as packed, and reads them again once one changed', async () => {
    const { projectId, documentId } = await analysedInterview('s4');
    const packOf = () => db().collection(`projects/${projectId}/searchPack`).get();
    // The first cold search reads the interviews one by one and packs them (without waiting for the write).
    const first = await coldSearch('s4', 'aquifer', 'passage');
    expect(first.hits.length).toBeGreaterThan(0);
    await pendingPackWrites();
    const pack = await packOf();
    expect(pack.size).toBeGreaterThan(0);
    expect(pack.docs[0].get('key')).toMatch(/^1\|\d+$/);

    // With the interview's own stored data gone, a cold search that still finds everything read the pack.
    for (const chunk of (await chunksOf(projectId, documentId)).docs) await chunk.ref.delete();
    const fromPack = await coldSearch('s4', 'aquifer', 'passage');
    expect(fromPack.hits.map((h) => [h.id, h.text, h.speaker, h.documentName])).toEqual(first.hits.map((h) => [h.id, h.text, h.speaker, h.documentName]));
    expect((await coldSearch('s4', 'research AI tools', 'quote')).hits.length).toBeGreaterThan(0);
    expect((await chunksOf(projectId, documentId)).size).toBe(0);

    // Renamed: the pack no longer matches the interviews, so they are read (and their data rebuilt) and the new name shown.
    await updateInterview(db(), 's4', projectId, documentId, { name: 'Renamed after packing' });
    const renamed = await coldSearch('s4', 'aquifer', 'passage');
    expect(renamed.hits.map((h) => h.id)).toEqual(first.hits.map((h) => h.id));
    expect(new Set(renamed.hits.map((h) => h.documentName))).toEqual(new Set(['Renamed after packing']));
    expect((await chunksOf(projectId, documentId)).size).toBeGreaterThan(0);
    // The next cold search packs the interviews as they are now.
    await coldSearch('s4', 'aquifer', 'passage');
    await pendingPackWrites();
    expect((await packOf()).docs[0].get('key')).not.toBe(pack.docs[0].get('key'));
    expect((await coldSearch('s4', 'aquifer', 'passage')).hits.map((h) => h.documentName)).toEqual(renamed.hits.map((h) => h.documentName));
  }, 90_000);
});
