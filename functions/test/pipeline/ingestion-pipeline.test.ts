import type { StorageObjectData } from 'firebase-functions/v2/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadPath } from '@verbatim/contract/upload-path';
import { handleUploadFinalized } from '../../src/ingestion/handle-upload-finalized';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject, deleteProject } from '../../src/projects/project-service';
import type { FileStore } from '../../src/storage/file-store';
import { testRecordingStore } from '../support/recording-store';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture, smallInterview } from '../support/fixtures';
import { ROOMY_QUOTAS } from '../support/quotas';
import { loadSize } from '../support/load';
import { buildDocx } from '../unit/parsers/helpers/zip-builder';
import { proposedNameFor } from '../../../web/src/features/interviews/name-proposal';

/** Uploads racing for 10 credits. */
const UPLOADS = loadSize(50, 24);

const db = () => adminDb();

async function seedUser(uid: string, creditsRemaining: number, subscriptionActive = false) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive, createdAt: now, updatedAt: now });
}

/** A FileStore over in-memory objects, standing in for the Cloud Storage bucket. */
function memoryFileStore(objects: Map<string, Buffer>): FileStore & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    deleted,
    async read(path) {
      const bytes = objects.get(path);
      if (!bytes) throw new Error(`No object at ${path}`);
      return bytes;
    },
    async deletePrefix(prefix) {
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
      keys.forEach((k) => objects.delete(k));
      deleted.push(prefix);
      return keys.length;
    },
  };
}

beforeEach(async () => {
  await clearFirestore();
});

describe('credits under concurrency', () => {
  it(`${UPLOADS} uploads at once with 10 credits left: exactly 10 parsed, ${UPLOADS - 10} refused, credits end at 0`, async () => {
    await seedUser('racer', 10);
    const project = await createProject(db(), 'racer', 'Race');
    const bytes = smallInterview();
    const reservations = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => reserveInterview(db(), 'racer', project.id, { fileName: `focus-${i}.txt`, size: bytes.length }, new Date(), ROOMY_QUOTAS)),
    );
    const outcomes = await Promise.all(
      reservations.map((r) =>
        ingestInterview(db(), { uid: 'racer', projectId: project.id, documentId: r.document.id, bytes, fileName: r.document.fileName }, undefined, ROOMY_QUOTAS),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'parsed')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'failed' && o.reason === 'credits')).toHaveLength(UPLOADS - 10);
    expect((await db().doc('users/racer').get()).data()?.creditsRemaining).toBe(0);

    const docs = (await db().collection(`projects/${project.id}/documents`).get()).docs.map((d) => d.data());
    // Accepted interviews go on to the insight engine, whose trigger may already have moved them on.
    expect(docs.filter((d) => ['parsed', 'analyzing', 'ready'].includes(d.status) && d.creditSpent === true)).toHaveLength(10);
    expect(docs.filter((d) => d.status === 'failed' && d.errorCode === 'out-of-credits' && d.creditSpent === false)).toHaveLength(UPLOADS - 10);
    // Refused documents keep no transcript.
    const withText = await db().collectionGroup('transcript').get();
    expect(new Set(withText.docs.map((d) => d.ref.parent.parent?.id)).size).toBe(10);
    expect((await db().doc(`projects/${project.id}`).get()).data()?.counts).toMatchObject({ documents: UPLOADS, parsed: 10, failed: UPLOADS - 10 });
  });
});

describe('Cloud Storage trigger handler', () => {
  it('names a PDF nobody named after its participant once it is read, and keeps a name the researcher gave', async () => {
    await seedUser('namer', 10);
    const project = await createProject(db(), 'namer', 'Names');
    const bytes = fixture('01_pdpilot_P2_user-study-interview.pdf');
    const ingest = async (name?: string) => {
      const { document } = await reserveInterview(db(), 'namer', project.id, { fileName: '01_pdpilot_P2_user-study-interview.pdf', size: bytes.length, ...(name ? { name } : {}) });
      await ingestInterview(db(), { uid: 'namer', projectId: project.id, documentId: document.id, bytes, fileName: document.fileName }, undefined, ROOMY_QUOTAS);
      return (await db().doc(`projects/${project.id}/documents/${document.id}`).get()).data();
    };
    // An upload that names nothing (through the API, a Drive import) is named by the server once it has read it.
    expect(await ingest()).toMatchObject({ name: 'P2', fileName: '01_pdpilot_P2_user-study-interview.pdf' });
    expect(await ingest('Pilot with the data team')).toMatchObject({ name: 'Pilot with the data team' });
  });

  it('names a Word file the browser reserved under the name its file’s name alone proposes, after its participant and date', async () => {
    await seedUser('word-namer', 10);
    const project = await createProject(db(), 'word-namer', 'Word names');
    const fileName = 'customer_call_2024-03-12.docx';
    const bytes = buildDocx([
      'Interviewer: How do you plan the week’s deliveries?',
      'Dana Whitfield: I plan every delivery on a paper map, because the routing tool never knows which farm roads flood in spring.',
      'Interviewer: What happens when a road floods?',
      'Dana Whitfield: We call each farm the evening before and move the drop to the village hall, which costs us an hour each time.',
      'Interviewer: Who else plans with you?',
      'Dana Whitfield: Nobody else plans it; my partner drives the second van and follows whatever I wrote on the map that morning.',
    ]);
    // As the upload list does: a Word file cannot be read in the browser, so its name is proposed from the file's name.
    const sent = await proposedNameFor(new File([new Uint8Array(bytes)], fileName));
    expect(sent).toBe('customer call 2024-03-12');
    const { document } = await reserveInterview(db(), 'word-namer', project.id, { fileName, size: bytes.length, name: sent });
    await ingestInterview(db(), { uid: 'word-namer', projectId: project.id, documentId: document.id, bytes, fileName: document.fileName }, undefined, ROOMY_QUOTAS);
    const stored = (await db().doc(`projects/${project.id}/documents/${document.id}`).get()).data();
    expect(stored).toMatchObject({ name: 'Dana Whitfield · 12 Mar 2024', fileName });
  });

  it('parses an object finalized under uploads/{uid}/{project}/{document}/', async () => {
    await seedUser('writer', 10);
    const project = await createProject(db(), 'writer', 'Storage path');
    const bytes = fixture('derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx');
    const { document, uploadPath: path } = await reserveInterview(db(), 'writer', project.id, { fileName: 'creative.docx', size: bytes.length });
    const objects = new Map([[path, bytes]]);
    // The payload Cloud Storage sends for a finalized object.
    const data: StorageObjectData = {
      bucket: 'demo-verbatim.appspot.com',
      name: path,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: bytes.length,
      generation: 1700000000000000,
      metageneration: 1,
      id: `demo-verbatim.appspot.com/${path}/1700000000000000`,
      storageClass: 'STANDARD',
      timeCreated: new Date().toISOString(),
      updated: new Date().toISOString(),
      crc32c: 'AAAAAA==',
      md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
      etag: 'CJ',
      kind: 'storage#object',
      selfLink: '',
      mediaLink: '',
      metadata: {},
      timeStorageClassUpdated: new Date().toISOString(),
    };

    const outcome = await handleUploadFinalized({ data }, { db: db(), files: memoryFileStore(objects), recordings: testRecordingStore() });
    expect(outcome?.status).toBe('parsed');
    const doc = (await db().doc(`projects/${project.id}/documents/${document.id}`).get()).data();
    expect(['parsed', 'analyzing', 'ready']).toContain(doc?.status);
    expect(doc).toMatchObject({ format: 'docx' });
    expect(doc?.speakers.map((s: { label: string }) => s.label)).toEqual(['AI', 'User']);

    // A retried event does nothing more: no second credit.
    const retry = await handleUploadFinalized({ data }, { db: db(), files: memoryFileStore(objects), recordings: testRecordingStore() });
    expect(retry?.status).toBe('skipped');
    expect((await db().doc('users/writer').get()).data()?.creditsRemaining).toBe(9);
  });

  it('ignores objects outside the uploads layout', async () => {
    const outcome = await handleUploadFinalized(
      { data: { name: 'exports/report.pdf', bucket: 'b' } as StorageObjectData },
      { db: db(), files: memoryFileStore(new Map()), recordings: testRecordingStore() },
    );
    expect(outcome).toBeNull();
  });
});

describe('project deletion', () => {
  it("removes the project's uploaded files as well as its documents", async () => {
    await seedUser('owner', 10);
    const project = await createProject(db(), 'owner', 'To delete');
    const bytes = fixture('14_qualcoder_transcript_focus-group.txt');
    const { uploadPath: path } = await reserveInterview(db(), 'owner', project.id, { fileName: 'a.txt', size: bytes.length });
    const objects = new Map([
      [path, bytes],
      [uploadPath({ uid: 'owner', projectId: 'other-project', documentId: 'd', fileName: 'keep.txt' }), bytes],
    ]);
    const files = memoryFileStore(objects);
    const result = await deleteProject(db(), files, 'owner', project.id, testRecordingStore());
    expect(result.files).toBe(1);
    expect([...objects.keys()]).toEqual(['uploads/owner/other-project/d/keep.txt']);
    expect((await db().doc(`projects/${project.id}`).get()).exists).toBe(false);
  });
});
