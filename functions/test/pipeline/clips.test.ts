import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@verbatim/contract/app-error';
import { CLIP_MESSAGES } from '@verbatim/contract/clip';
import { recordingPath } from '@verbatim/contract/upload-path';
import { ClipCannotBeCut, clipDownload, createClip, deleteClip, deleteInterviewClipFiles, deleteInterviewClips, updateClip, type ClipDeps } from '../../src/clips/clip-service';
import { ClipCutFailed, type ClipRequest, type CutClip } from '../../src/recordings/cut-clip';
import { createReel } from '../../src/clips/reel-service';
import { quoteClips } from '../../src/clips/quote-clips';
import { deckClipKey } from '../../src/exports/deck/deck-clips';
import { clipStorageQuotaMessage } from '../../src/quotas/quota-messages';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { testRecordingStore } from '../support/recording-store';

/**
 * A project's clips against the Firestore emulator and a recording store on disk: made from a quote's words, nudged,
 * renamed, cut once for a download and again only when its bounds change; each bad input refused with its sentence and
 * nothing stored. The cut is counted here (ffmpeg's own cut is the integration suite's), except where a recording
 * ffmpeg cannot read is cut for real.
 */

const uid = 'owner';
const projectId = 'clips-project';
const documentId = 'interview1';
const question = 'How do you export your data today?';
const answer = 'Honestly it takes ages and I dread every single export.';
const text = `${question}\n\n${answer}\n\nThanks.`;
const a = text.indexOf(answer);
const thanks = text.indexOf('Thanks.');
const spanOf = (words: string) => ({ start: text.indexOf(words), end: text.indexOf(words) + words.length });

type RecordingSeed = { durationSeconds?: number; status?: string; hasVideo?: boolean; container?: string } | null;

async function seed(store: ReturnType<typeof testRecordingStore>, recording: RecordingSeed = {}, bytes = Buffer.from('abcd')) {
  const db = adminDb();
  const now = new Date(0);
  await db.doc(`projects/${projectId}`).set({ ownerId: uid, name: 'P', createdAt: now, updatedAt: now });
  const stored = recording && {
    status: recording.status ?? 'ready', origin: 'attached', fileName: 'call.m4a', size: bytes.length, contentType: 'audio/mp4',
    durationSeconds: recording.durationSeconds ?? 60, hasVideo: recording.hasVideo ?? false, container: recording.container ?? 'M4A/isom/iso2',
    codec: 'AAC', progress: 1, error: null, errorCode: null, updatedAt: now,
  };
  const speakers = [{ label: 'Interviewer', role: 'interviewer', aliases: [], turnCount: 2, wordCount: 8 }, { label: 'P1', role: 'participant', aliases: [], turnCount: 1, wordCount: 10 }];
  await db.doc(`projects/${projectId}/documents/${documentId}`).set({ projectId, ownerId: uid, name: 'Call with P1', status: 'ready', speakers, ...(stored ? { recording: stored } : {}), createdAt: now, updatedAt: now });
  const transcript = `projects/${projectId}/documents/${documentId}/transcript`;
  await db.doc(`${transcript}/text-0000`).set({ kind: 'text', index: 0, text });
  await db.doc(`${transcript}/turns-0000`).set({ kind: 'turns', index: 0, turns: [{ s: 0, a: 0, b: question.length, t: 0 }, { s: 1, a, b: a + answer.length, t: 4 }, { s: 0, a: thanks, b: thanks + 7, t: 14 }] });
  await store.write(recordingPath({ uid, projectId, documentId, fileName: 'call.m4a' }), Readable.from([bytes]), 'audio/mp4', 1 << 20);
}

function countingCut() {
  const calls: ClipRequest[] = [];
  const cut = async (_source: unknown, clip: ClipRequest): Promise<CutClip> => {
    calls.push(clip);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bytes = Buffer.alloc(2048, calls.length);
    return { open: () => Readable.from([bytes]), size: bytes.length, contentType: clip.hasVideo ? 'video/mp4' : 'audio/mp4', bytesRead: 4, dispose: async () => undefined };
  };
  return { calls, cut };
}

/** A correction of the transcript: its text and turns replaced, its version one more. */
async function correct(newText: string, turns: { s: number; a: number; b: number; t: number }[]) {
  const db = adminDb();
  const transcript = `projects/${projectId}/documents/${documentId}/transcript`;
  await db.doc(`${transcript}/text-0000`).set({ kind: 'text', index: 0, text: newText });
  await db.doc(`${transcript}/turns-0000`).set({ kind: 'turns', index: 0, turns });
  await db.doc(`projects/${projectId}/documents/${documentId}`).update({ transcriptVersion: 1 });
}

const clipsStored = async () => (await adminDb().collection(`projects/${projectId}/clips`).get()).docs.map((d) => d.data());

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

// Every test starts from an empty Firestore.
beforeEach(async () => {
  await clearFirestore();
});

describe('a clip of a quote', () => {
  it('holds the quote’s words verbatim, its speaker and its own moment, and is nudged word by word', async () => {
    const store = testRecordingStore();
    await seed(store);
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    expect(clip).toMatchObject({ documentId, speaker: 'P1', words: 'takes ages', title: 'takes ages', hasVideo: false, before: 'Honestly it', after: 'and I dread every single export.' });
    // From the words' own moment, within their turn (4 s to the next turn at 14 s).
    expect(clip.from).toBeGreaterThanOrEqual(4);
    expect(clip.to).toBeLessThanOrEqual(14);
    expect((await clipsStored())[0]).toMatchObject({ words: 'takes ages', start: spanOf('takes ages').start });

    const longer = await updateClip(adminDb(), uid, projectId, clip.id, { nudge: { edge: 'end', words: 2 } });
    expect(longer.words).toBe('takes ages and I');
    expect(longer.to).toBeGreaterThan(clip.to);
    const earlier = await updateClip(adminDb(), uid, projectId, clip.id, { nudge: { edge: 'start', words: -1 }, title: 'Exports drag' });
    expect(earlier).toMatchObject({ words: 'it takes ages and I', title: 'Exports drag', before: 'Honestly' });
    expect(earlier.from).toBeLessThanOrEqual(clip.from);
    expect((await clipsStored())[0]).toMatchObject({ words: 'it takes ages and I', title: 'Exports drag' });
    // The turn's first word is as far as the start goes.
    await updateClip(adminDb(), uid, projectId, clip.id, { nudge: { edge: 'start', words: -1 } });
    expect((await refusal(updateClip(adminDb(), uid, projectId, clip.id, { nudge: { edge: 'start', words: -1 } }))).message).toBe(CLIP_MESSAGES.nudgeLimit('start'));
  });

  it('is refused with its sentence, nothing stored: no recording, a recording not ready, words past its end, two turns', async () => {
    const store = testRecordingStore();
    await seed(store, null);
    expect((await refusal(createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') }))).message).toBe(CLIP_MESSAGES.noRecording);
    await seed(store, { status: 'checking' });
    expect((await refusal(createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') }))).message).toBe(CLIP_MESSAGES.recordingNotReady);
    // A 10-second recording: "Thanks." is said at 14 s.
    await seed(store, { durationSeconds: 10 });
    const past = await refusal(createClip(adminDb(), uid, projectId, { documentId, ...spanOf('Thanks.') }));
    expect(past.message).toBe('These words are said at 00:14, past the end of the recording (10 seconds long). Check that the recording attached is this interview’s.');
    const across = await refusal(createClip(adminDb(), uid, projectId, { documentId, start: spanOf('today?').start, end: spanOf('Honestly').end }));
    expect([across.kind, across.message]).toEqual(['invalid', CLIP_MESSAGES.oneTurn]);
    expect((await refusal(createClip(adminDb(), 'someone-else', projectId, { documentId, ...spanOf('takes ages') }))).kind).toBe('not-found');
    expect(await clipsStored()).toEqual([]);
  });

  it('is cut once for downloads asked together, kept, and cut again only once its bounds change', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { calls, cut } = countingCut();
    const deps: ClipDeps = { store, cut };
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    const [one, two] = await Promise.all([clipDownload(adminDb(), deps, uid, projectId, clip.id), clipDownload(adminDb(), deps, uid, projectId, clip.id)]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ from: clip.from, to: clip.to, hasVideo: false });
    expect(one.path).toBe(`clips/${projectId}/${documentId}/${clip.id}/clip.m4a`);
    expect(two).toEqual(one);
    expect(await store.stat(one.path)).toMatchObject({ size: 2048, contentType: 'audio/mp4' });
    await clipDownload(adminDb(), deps, uid, projectId, clip.id);
    expect(calls).toHaveLength(1);

    const nudged = await updateClip(adminDb(), uid, projectId, clip.id, { nudge: { edge: 'end', words: 1 } });
    const again = await clipDownload(adminDb(), deps, uid, projectId, clip.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ from: nudged.from, to: nudged.to });
    expect(again.path).toBe(one.path);

    await deleteClip(adminDb(), store, uid, projectId, clip.id);
    expect(await store.stat(one.path)).toBeNull();
    expect(await clipsStored()).toEqual([]);
  });

  it('is served from its kept file without reading the transcript, and cut again once the transcript is corrected', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { calls, cut } = countingCut();
    const deps: ClipDeps = { store, cut };
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    const first = await clipDownload(adminDb(), deps, uid, projectId, clip.id);
    // The transcript's parts gone while its version stays: a download that read them would find the words gone.
    const transcript = await adminDb().collection(`projects/${projectId}/documents/${documentId}/transcript`).get();
    const saved = transcript.docs.map((d) => ({ ref: d.ref, data: d.data() }));
    await Promise.all(saved.map((d) => d.ref.delete()));
    const kept = await clipDownload(adminDb(), deps, uid, projectId, clip.id);
    expect([kept.path, kept.size, calls.length]).toEqual([first.path, first.size, 1]);

    await Promise.all(saved.map((d) => d.ref.set(d.data)));
    await adminDb().doc(`projects/${projectId}/documents/${documentId}`).update({ transcriptVersion: 1 });
    await clipDownload(adminDb(), deps, uid, projectId, clip.id);
    expect(calls).toHaveLength(2);
  });

  it('whose words a correction moved to another turn is placed anew when downloaded: speaker, moment and the words around', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { calls, cut } = countingCut();
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    expect(clip.speaker).toBe('P1');
    const asked = 'Some say it takes ages. How do you export your data today?';
    const answered = 'Honestly I dread every single export.';
    const corrected = `${asked}\n\n${answered}\n\nThanks.`;
    const at = (words: string) => corrected.indexOf(words);
    await correct(corrected, [{ s: 0, a: 0, b: asked.length, t: 0 }, { s: 1, a: at(answered), b: at(answered) + answered.length, t: 4 }, { s: 0, a: at('Thanks.'), b: at('Thanks.') + 7, t: 14 }]);

    const file = await clipDownload(adminDb(), { store, cut }, uid, projectId, clip.id);
    const placedAnew = { speaker: 'Interviewer', words: 'takes ages', start: at('takes ages'), end: at('takes ages') + 10, before: 'Some say it', after: 'How do you export your data today?' };
    expect(file.clip).toMatchObject(placedAnew);
    expect(file.clip.to).toBeLessThanOrEqual(4);
    expect(calls[0]).toMatchObject({ from: file.clip.from, to: file.clip.to });
    expect((await clipsStored())[0]).toMatchObject({ ...placedAnew, from: file.clip.from, to: file.clip.to });
    // Placed anew, it is kept: the next download cuts nothing.
    await clipDownload(adminDb(), { store, cut }, uid, projectId, clip.id);
    expect(calls).toHaveLength(1);
  });

  it('loses its file when its recording is removed (the clip stays, counting no storage), and goes with its interview', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { cut } = countingCut();
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    const file = await clipDownload(adminDb(), { store, cut }, uid, projectId, clip.id);
    expect((await clipsStored())[0].file).toMatchObject({ path: file.path, size: 2048 });

    await deleteInterviewClipFiles(adminDb(), store, projectId, documentId);
    expect(await store.stat(file.path)).toBeNull();
    const [kept] = await clipsStored();
    expect([kept.words, kept.file]).toEqual(['takes ages', undefined]);

    expect(await deleteInterviewClips(adminDb(), store, projectId, documentId)).toBe(1);
    expect(await clipsStored()).toEqual([]);
  });

  it('of a video is an .mp4', async () => {
    const store = testRecordingStore();
    await seed(store, { hasVideo: true });
    const { cut } = countingCut();
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    expect(clip.hasVideo).toBe(true);
    const file = await clipDownload(adminDb(), { store, cut }, uid, projectId, clip.id);
    expect([file.path.endsWith('/clip.mp4'), file.contentType]).toEqual([true, 'video/mp4']);
  });

  it('says so when ffmpeg cannot cut the recording at that moment, and keeps nothing', async () => {
    const store = testRecordingStore();
    // Bytes no demuxer reads, though the record says MPEG-4: ffmpeg itself refuses them.
    await seed(store, {}, Buffer.alloc(64 * 1024, 7));
    const clip = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    const err = await clipDownload(adminDb(), { store }, uid, projectId, clip.id).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ClipCannotBeCut);
    expect((err as Error).message).toMatch(/^The recording could not be cut at 00:0\d: its format or codec cannot be read from that moment\. Convert the recording/);
    expect(await store.stat(`clips/${projectId}/${documentId}/${clip.id}/clip.m4a`)).toBeNull();
    expect((await clipsStored())[0].file).toBeUndefined();
    // A cut refused by a stand-in says the same.
    const refusing = async (): Promise<CutClip> => {
      throw new ClipCutFailed('Invalid data found when processing input');
    };
    await expect(clipDownload(adminDb(), { store, cut: refusing }, uid, projectId, clip.id)).rejects.toBeInstanceOf(ClipCannotBeCut);
  });
  it('is not kept past the account’s storage for clips and reels, said in its sentence; a deleted clip frees its bytes', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { cut } = countingCut();
    // Each cut here keeps 2048 bytes: the account may keep 3000.
    const deps: ClipDeps = { store, cut, storageLimit: 3000 };
    const first = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('takes ages') });
    const second = await createClip(adminDb(), uid, projectId, { documentId, ...spanOf('every single export') });
    await clipDownload(adminDb(), deps, uid, projectId, first.id);
    const refused = await refusal(clipDownload(adminDb(), deps, uid, projectId, second.id));
    expect(refused).toMatchObject({ kind: 'too-large', message: clipStorageQuotaMessage(3000, 2048) });
    expect(refused.message).toBe('Clips and reels may keep 2.9 KB in storage per account; yours keep 2 KB, so this one would pass it. Delete clips or reels you no longer need (their files go with them), then try again.');
    expect(await store.stat(`clips/${projectId}/${documentId}/${second.id}/clip.m4a`)).toBeNull();
    expect((await clipsStored()).find((c) => c.words === 'every single export')?.file).toBeUndefined();
    // A clip cut again replaces its own file: only the difference counts.
    await updateClip(adminDb(), uid, projectId, first.id, { nudge: { edge: 'end', words: 1 } });
    await clipDownload(adminDb(), deps, uid, projectId, first.id);
    // And a reel is not made while the clips keep all they may.
    const reels = { enqueue: async () => undefined };
    expect(await refusal(createReel(adminDb(), reels, uid, projectId, { clipIds: [first.id] }, new Date(), 2048))).toMatchObject({ kind: 'too-large', message: clipStorageQuotaMessage(2048, 2048) });
    expect((await adminDb().collection(`projects/${projectId}/reels`).get()).size).toBe(0);

    await deleteClip(adminDb(), store, uid, projectId, first.id);
    expect((await clipDownload(adminDb(), deps, uid, projectId, second.id)).size).toBe(2048);
  });
});

describe('the clips a deck carries', () => {
  it('are taken in the deck’s order; once one has not fitted, no further clip is cut, and a kept one that fits still goes in', async () => {
    const store = testRecordingStore();
    await seed(store);
    const quotes = ['Honestly', 'takes ages', 'every single', 'I dread', 'single'].map((words) => ({ documentId, ...spanOf(words) }));
    const ids: string[] = [];
    for (const quote of quotes) ids.push((await createClip(adminDb(), uid, projectId, quote)).id);
    // The fourth quote's clip was downloaded before: its file, 500 bytes, is kept.
    const small = async (_source: unknown, clip: ClipRequest): Promise<CutClip> => {
      const bytes = Buffer.alloc(500, 9);
      return { open: () => Readable.from([bytes]), size: bytes.length, contentType: clip.hasVideo ? 'video/mp4' : 'audio/mp4', bytesRead: 4, dispose: async () => undefined };
    };
    await clipDownload(adminDb(), { store, cut: small }, uid, projectId, ids[3]);

    // Every other cut is 2,048 bytes; the deck has room for 4,700. The first two fit; the third does not, and then
    // only the kept one goes in: the fifth is never cut.
    const { calls, cut } = countingCut();
    const clips = await quoteClips(adminDb(), { store, cut }, uid, projectId, quotes, 4_700);
    expect(calls).toHaveLength(3);
    expect([...clips.keys()]).toEqual([quotes[0], quotes[1], quotes[3]].map(deckClipKey));
    expect(clips.get(deckClipKey(quotes[3]))!.bytes.length).toBe(500);
  });
});
