import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountQuotas } from '../../src/config/server-limits';
import { AppError } from '@verbatim/contract/app-error';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { askResearch } from '../../src/search/ask-service';
import { FILE_READING_MS, startReadingFile } from '../../src/quotas/account-quotas';
import {
  asksQuotaMessage,
  FILES_BEING_READ_MESSAGE,
  projectsQuotaMessage,
  reanalysesQuotaMessage,
  rejectedUploadsQuotaMessage,
  uploadsWaitingQuotaMessage,
} from '../../src/quotas/quota-messages';
import { reanalyseInterview } from '../../src/analysis-runs/reanalyse';
import { clearFirestore, PROJECT_ID } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';
import { ROOMY_QUOTAS } from '../support/quotas';

const db = () => adminDb();
/** A second server instance: its own client, so nothing in-process orders its requests with the first's. */
const otherInstance = () => getFirestore(initializeApp({ projectId: PROJECT_ID }, `instance-${Math.random()}`));
const QUOTAS: AccountQuotas = { ...ROOMY_QUOTAS, projects: 10, uploadsWaiting: 20, rejectedUploadsPerHour: 3, asksPerHour: 3 };
const JUNK = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 97 + 13) % 256));

async function trialAccount(uid: string, creditsRemaining = 5) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive: false, createdAt: now, updatedAt: now });
}

/** Each settled promise: 'ok', or the refusal's kind and message. */
async function settle<T>(promises: Promise<T>[]) {
  return (await Promise.allSettled(promises)).map((r) =>
    r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? `${r.reason.kind}: ${r.reason.message}` : `thrown: ${String(r.reason)}`,
  );
}

beforeEach(async () => {
  await clearFirestore();
});

describe('per-account quotas', () => {
  it('40 projects asked for at once: exactly the quota is created, the rest refused with the reason; deleting one makes room', async () => {
    await trialAccount('many');
    const outcomes = await settle(Array.from({ length: 40 }, (_, i) => createProject(db(), 'many', `Study ${i}`, { quotas: QUOTAS })));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set([`too-many: ${projectsQuotaMessage(10)}`]));
    const owned = await db().collection('projects').where('ownerId', '==', 'many').get();
    expect(owned.size).toBe(10);
    await owned.docs[0].ref.delete();
    await expect(createProject(db(), 'many', 'One more', { quotas: QUOTAS })).resolves.toMatchObject({ name: 'One more' });
    // Another account is not held to this one's count.
    await expect(createProject(db(), 'someone-else', 'Mine', { quotas: QUOTAS })).resolves.toMatchObject({ ownerId: 'someone-else' });
  });

  it('four server instances creating projects for one account at once stop at the quota, while other accounts go on unhindered', async () => {
    await trialAccount('split');
    const instances = [db(), otherInstance(), otherInstance(), otherInstance()];
    const others = Array.from({ length: 6 }, (_, i) => createProject(instances[i % 4], `neighbour-${i}`, 'Theirs', { quotas: QUOTAS }));
    const outcomes = await settle(Array.from({ length: 40 }, (_, i) => createProject(instances[i % 4], 'split', `Study ${i}`, { quotas: QUOTAS })));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect((await db().collection('projects').where('ownerId', '==', 'split').count().get()).data().count).toBe(10);
    expect(await settle(others)).toEqual(Array(6).fill('ok'));
  });

  it('60 interviews reserved at once: the quota waits for files, the rest are refused and leave nothing behind; an arrived file makes room', async () => {
    await trialAccount('reserver');
    const project = await createProject(db(), 'reserver', 'Reservations', { quotas: QUOTAS });
    const bytes = fixture('04_anthropic-interviewer_science_0012.txt');
    const attempts = Array.from({ length: 60 }, (_, i) =>
      reserveInterview(db(), 'reserver', project.id, { fileName: `interview-${i}.txt`, size: bytes.length }, new Date(), QUOTAS),
    );
    const outcomes = await settle(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
    expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set([`too-many: ${uploadsWaitingQuotaMessage(20)}`]));
    const docs = await db().collection(`projects/${project.id}/documents`).get();
    expect(docs.size).toBe(20);
    expect((await db().doc(`projects/${project.id}`).get()).get('counts.documents')).toBe(20);

    const first = docs.docs[0];
    await ingestInterview(db(), { uid: 'reserver', projectId: project.id, documentId: first.id, bytes, fileName: first.get('fileName') }, undefined, QUOTAS);
    await expect(reserveInterview(db(), 'reserver', project.id, { fileName: 'next.txt', size: bytes.length }, new Date(), QUOTAS)).resolves.toBeDefined();
  });

  it('after the hour’s quota of unreadable files, the next file is not read (no credit), new uploads get 429 until the hour is over', async () => {
    await trialAccount('junk', 5);
    const project = await createProject(db(), 'junk', 'Junk', { quotas: QUOTAS });
    const start = new Date('2026-11-23T10:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const reserve = (name: string, when: Date) => reserveInterview(db(), 'junk', project.id, { fileName: name, size: JUNK.length }, when, QUOTAS);
    const ingest = (documentId: string, name: string, when: Date) =>
      ingestInterview(db(), { uid: 'junk', projectId: project.id, documentId, bytes: JUNK, fileName: name }, () => when, QUOTAS);

    const early = (await reserve('held-back.txt', at(0))).document;
    for (let i = 0; i < 3; i++) {
      const { document } = await reserve(`junk-${i}.txt`, at(i));
      expect(await ingest(document.id, `junk-${i}.txt`, at(i))).toMatchObject({ status: 'failed', reason: 'file', code: 'unsupported-type' });
    }
    // A file reserved before the quota was reached is not parsed now: it fails with the reason.
    const refused = await ingest(early.id, 'held-back.txt', at(10));
    expect(refused).toMatchObject({ status: 'failed', reason: 'quota', code: 'too-many-rejected', message: rejectedUploadsQuotaMessage(3, 50 * 60) });
    expect((await db().doc(`projects/${project.id}/documents/${early.id}`).get()).data()).toMatchObject({ status: 'failed', errorCode: 'too-many-rejected' });
    expect((await db().doc('users/junk').get()).get('creditsRemaining')).toBe(5);

    await expect(reserve('another.txt', at(10))).rejects.toMatchObject({ kind: 'too-many', retryAfterSeconds: 50 * 60 });
    // The hour is over: uploads are taken again.
    await expect(reserve('after-the-hour.txt', at(61))).resolves.toMatchObject({ document: { status: 'uploading' } });
  });

  it('60 unreadable files read at once after 15 refused this hour: exactly 5 more are read, the rest refused unread; the hour counts 20', async () => {
    const quotas = { ...QUOTAS, uploadsWaiting: 100, rejectedUploadsPerHour: 20 };
    await trialAccount('bursty', 5);
    const project = await createProject(db(), 'bursty', 'Junk burst', { quotas });
    const reserve = async (name: string) => (await reserveInterview(db(), 'bursty', project.id, { fileName: name, size: JUNK.length }, new Date(), quotas)).document;
    const ingest = (documentId: string, name: string, database = db()) =>
      ingestInterview(database, { uid: 'bursty', projectId: project.id, documentId, bytes: JUNK, fileName: name }, undefined, quotas);
    for (let i = 0; i < 15; i++) {
      const document = await reserve(`early-${i}.txt`);
      expect(await ingest(document.id, document.fileName)).toMatchObject({ status: 'failed', reason: 'file' });
    }
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => reserve(`burst-${i}.txt`)));
    // Spread over four server instances: nothing in-process orders them.
    const instances = [db(), otherInstance(), otherInstance(), otherInstance()];
    const outcomes = await Promise.all(burst.map((d, i) => ingest(d.id, d.fileName, instances[i % 4])));

    expect(outcomes.filter((o) => o.status === 'failed' && o.reason === 'file')).toHaveLength(5);
    const refused = outcomes.filter((o) => o.status === 'failed' && o.reason === 'quota');
    expect(refused).toHaveLength(55);
    // Refused unread: the hour's quota was reached, or its last places were taken by files being read.
    for (const o of refused) expect(o).toMatchObject({ code: 'too-many-rejected', message: expect.stringMatching(/^(20 of your files could not be read in the last hour\.|Too many of your files are being read at once\.)/) });
    const usage = (await db().doc('accountUsage/bursty').get()).data();
    expect(usage?.windows.rejectedUploads.count).toBe(20);
    expect(usage?.reading).toEqual({});
    expect((await db().doc('users/bursty').get()).get('creditsRemaining')).toBe(5);
  });

  it('a file whose reader crashed holds its place among the files being read only until the place lapses', async () => {
    const quotas = { ...QUOTAS, rejectedUploadsPerHour: 1 };
    const start = new Date('2026-11-23T10:00:00Z');
    // The reader took its place, then its instance went away without giving it back.
    expect(await startReadingFile(db(), 'crashed', 'lost-file', quotas, start)).toBeNull();
    const later = new Date(start.getTime() + 60_000);
    await expect(startReadingFile(db(), 'crashed', 'next-file', quotas, later)).resolves.toMatchObject({ message: FILES_BEING_READ_MESSAGE, retryAfterSeconds: 60 });
    const lapsed = new Date(start.getTime() + FILE_READING_MS + 1);
    expect(await startReadingFile(db(), 'crashed', 'next-file', quotas, lapsed)).toBeNull();
    expect(Object.keys((await db().doc('accountUsage/crashed').get()).get('reading'))).toEqual(['next-file']);
  });

  it('40 questions, then 30 at once over four instances, some timed a moment before the hour opened: exactly 60 answered, the rest refused', async () => {
    const quotas = { ...QUOTAS, asksPerHour: 60 };
    const opened = new Date('2026-11-23T10:00:00Z').getTime();
    const ask = (at: number, database = db()) =>
      askResearch({ db: database, quotas, gemini: null, now: () => new Date(at) }, 'curious', { question: 'What did people say about onboarding?', projectId: undefined });
    const first = await settle(Array.from({ length: 40 }, (_, i) => ask(opened + i)));
    expect(first).toEqual(Array(40).fill('ok'));
    // Each read its clock before its transaction: some read it 1 ms before the hour's window opened.
    const instances = [db(), otherInstance(), otherInstance(), otherInstance()];
    const second = await settle(Array.from({ length: 30 }, (_, i) => ask(i % 3 === 0 ? opened - 1 : opened + 100 + i, instances[i % 4])));
    expect(second.filter((o) => o === 'ok')).toHaveLength(20);
    const refusals = second.filter((o) => o !== 'ok');
    expect(refusals).toHaveLength(10);
    for (const refusal of refusals) expect(refusal).toMatch(/^too-many: You have asked 60 questions in the last hour\. Try again in 60 minutes; search works meanwhile\.$/);
    expect(asksQuotaMessage(60, 3600)).toBe('You have asked 60 questions in the last hour. Try again in 60 minutes; search works meanwhile.');
    expect((await db().doc('accountUsage/curious').get()).get('windows.asks')).toEqual({ start: opened, count: 60 });
  });

  it('re-analyses are counted per hour in the transaction that sends the interview back: past the quota nothing changes', async () => {
    const quotas = { ...QUOTAS, reanalysesPerHour: 2 };
    await trialAccount('again', 10);
    const project = await createProject(db(), 'again', 'Again', { quotas });
    const bytes = fixture('04_anthropic-interviewer_science_0012.txt');
    const { document } = await reserveInterview(db(), 'again', project.id, { fileName: 'science.txt', size: bytes.length }, new Date(), quotas);
    await ingestInterview(db(), { uid: 'again', projectId: project.id, documentId: document.id, bytes, fileName: 'science.txt' }, undefined, quotas);
    const ready = () => db().doc(`projects/${project.id}/documents/${document.id}`).update({ status: 'ready' });
    for (let i = 0; i < 2; i++) {
      await ready();
      await expect(reanalyseInterview(db(), 'again', project.id, document.id, undefined, quotas)).resolves.toMatchObject({ document: { status: 'parsed' } });
    }
    await ready();
    const credits = (await db().doc('users/again').get()).get('creditsRemaining');
    await expect(reanalyseInterview(db(), 'again', project.id, document.id, undefined, quotas)).rejects.toMatchObject({
      kind: 'too-many',
      message: expect.stringMatching(/^You have asked for 2 re-analyses in the last hour\. Try again in \d+ minutes\.$/),
      retryAfterSeconds: expect.any(Number),
    });
    expect(reanalysesQuotaMessage(2, 59 * 60)).toBe('You have asked for 2 re-analyses in the last hour. Try again in 59 minutes.');
    expect((await db().doc(`projects/${project.id}/documents/${document.id}`).get()).get('status')).toBe('ready');
    expect((await db().doc('users/again').get()).get('creditsRemaining')).toBe(credits);
  });
});

