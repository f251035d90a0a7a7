import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { publicClipId } from '@verbatim/contract/share';
import { recordingPath } from '@verbatim/contract/upload-path';
import { publicClip, type ClipDeps } from '../../src/publishing/public-clips';
import { ClipCutFailed, type ClipRequest, type CutClip } from '../../src/recordings/cut-clip';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { testRecordingStore } from '../support/recording-store';

/**
 * A public page's clips, against the Firestore emulator: visitors asking together for a clip not yet cut wait for one
 * cut; a clip is kept and served again without cutting; a recording that cannot be cut is said once and not cut again
 * for every visitor. The cut itself (ffmpeg) is the integration suite's; here it is counted.
 */

const token = 't'.repeat(43);
const projectId = 'clips-project';
const documentId = 'interview1';
const quote = { documentId, start: 10, end: 60 };

async function seed(store: ReturnType<typeof testRecordingStore>) {
  const db = adminDb();
  await db.doc(`shares/${token}`).set({ projectId, kind: 'interviews', enabled: true, playRecordings: true });
  const view = { projectName: 'P', insights: [{ id: 'i1', title: 'T', description: '', tag: 't', documentId, quotes: [{ text: 'x', speaker: 'P', ...quote, ts: 4 }] }], groupedTags: [], documents: [] };
  await db.doc(`projects/${projectId}/publicViews/interviews`).set({ gzip: gzipSync(Buffer.from(JSON.stringify(view))), generation: 1 });
  const recording = { status: 'ready', origin: 'attached', fileName: 'call.m4a', size: 4, contentType: 'audio/mp4', durationSeconds: 60, hasVideo: false, container: 'M4A/isom/iso2', codec: 'AAC', progress: 1, error: null, errorCode: null, updatedAt: new Date(0) };
  await db.doc(`projects/${projectId}/documents/${documentId}`).set({ projectId, ownerId: 'owner', name: 'call', status: 'ready', recording });
  await db.doc(`projects/${projectId}/documents/${documentId}/transcript/turns-0000`).set({ kind: 'turns', index: 0, turns: [{ s: 0, a: 0, b: 100, t: 2 }, { s: 1, a: 102, b: 150, t: 20 }] });
  await store.write(recordingPath({ uid: 'owner', projectId, documentId, fileName: 'call.m4a' }), Readable.from([Buffer.from('abcd')]), 'audio/mp4', 100);
}

function countingCut(fails = false) {
  const calls: ClipRequest[] = [];
  const cut = async (_source: unknown, clip: ClipRequest): Promise<CutClip> => {
    calls.push(clip);
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (fails) throw new ClipCutFailed('moov atom not found');
    const bytes = Buffer.alloc(2048, 1);
    return { open: () => Readable.from([bytes]), size: bytes.length, contentType: 'audio/mp4', bytesRead: 4, dispose: async () => undefined };
  };
  return { calls, cut };
}

describe('a public page’s clips', () => {
  beforeEach(async () => {
    await clearFirestore();
  });

  it('visitors asking together for a clip not yet cut wait for one cut, within the quote’s turn', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { calls, cut } = countingCut();
    // Two instances of the API: each with its own in-memory state, sharing Firestore and the store.
    const instances: ClipDeps[] = [{ db: adminDb(), store, cut, inFlight: new Map() }, { db: adminDb(), store, cut, inFlight: new Map() }];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => publicClip(instances[i % 2], token, publicClipId(quote))));
    expect(calls).toHaveLength(1);
    expect(answers.every((a) => a.kind === 'clip' && a.size === 2048)).toBe(true);
    // Within the quote's turn: from its start (2 s) to the next turn's (20 s).
    expect(calls[0].from).toBeGreaterThanOrEqual(2);
    expect(calls[0].to).toBeLessThanOrEqual(20);
    // Kept: asked again, nothing is cut.
    expect((await publicClip(instances[0], token, publicClipId(quote))).kind).toBe('clip');
    expect(calls).toHaveLength(1);
  });

  it('a recording that cannot be cut is unplayable for every visitor, cut once', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { calls, cut } = countingCut(true);
    const deps: ClipDeps = { db: adminDb(), store, cut };
    const answers = await Promise.all(Array.from({ length: 4 }, () => publicClip(deps, token, publicClipId(quote))));
    expect(answers.map((a) => a.kind)).toEqual(['unplayable', 'unplayable', 'unplayable', 'unplayable']);
    expect((await publicClip({ db: adminDb(), store, cut }, token, publicClipId(quote))).kind).toBe('unplayable');
    expect(calls).toHaveLength(1);
    expect((await adminDb().doc(`projects/${projectId}/publicClips/${publicClipId(quote)}`).get()).data()).toMatchObject({ status: 'failed', reason: 'moov atom not found' });
  });
});
