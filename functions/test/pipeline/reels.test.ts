import { execFileSync } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@verbatim/contract/app-error';
import { REEL_LEASE_MS, REEL_MESSAGES, REEL_QUEUE_WAIT_MS } from '@verbatim/contract/reel';
import { recordingPath } from '@verbatim/contract/upload-path';
import { reelSeconds, reelPlan } from '../../src/clips/reel-plan';
import type { ReelJob, ReelQueue } from '../../src/clips/reel-queue';
import { deleteInterviewReels } from '../../src/clips/reel-refs';
import { createReel, handleReelTask, reelFile } from '../../src/clips/reel-service';
import { renderReel } from '../../src/clips/render-reel';
import { sweepLapsedReels } from '../../src/clips/reel-sweep';
import { clipStorageQuotaMessage } from '../../src/quotas/quota-messages';
import { deleteInterviewClipFiles } from '../../src/clips/clip-service';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { testRecordingStore } from '../support/recording-store';
import { makeRecording } from '../support/recordings.mjs';
import { logs } from '../../src/lib/logs';

/**
 * A highlight reel against the Firestore emulator, a recording store on disk and ffmpeg: queued when made, rendered by
 * its task with its progress on the record, stored once whole; a clip deleted meanwhile, a recording that cannot be
 * cut and a rendering stopped halfway each leave a failed reel with its sentence and no file.
 */

const uid = 'owner';
const projectId = 'reels-project';
const documentId = 'interview1';
let recording: ReturnType<typeof makeRecording>;

beforeAll(() => {
  recording = makeRecording({ format: 'm4a' });
}, 600_000);

async function seed(store: ReturnType<typeof testRecordingStore>, bytes?: Buffer) {
  const db = adminDb();
  const now = new Date(0);
  await db.doc(`projects/${projectId}`).set({ ownerId: uid, name: 'P', createdAt: now, updatedAt: now });
  const file = bytes ?? readFileSync(recording.path);
  const stored = { status: 'ready', origin: 'attached', fileName: 'call.m4a', size: file.length, contentType: 'audio/mp4', durationSeconds: recording.durationSeconds, hasVideo: false, container: 'M4A/isom/iso2', codec: 'AAC', progress: 1, error: null, errorCode: null, updatedAt: now };
  await db.doc(`projects/${projectId}/documents/${documentId}`).set({ projectId, ownerId: uid, name: 'Call with P1', status: 'ready', speakers: [], recording: stored, createdAt: now, updatedAt: now });
  await store.write(recordingPath({ uid, projectId, documentId, fileName: 'call.m4a' }), bytes ? Readable.from([bytes]) : createReadStream(recording.path), 'audio/mp4', file.length + 1);
  for (const [i, turn] of recording.turns.slice(1, 3).entries()) {
    await db.doc(`projects/${projectId}/clips/clip${i}`).set({
      documentId, speaker: turn.speaker, start: 0, end: 1, from: turn.start, to: Math.min(turn.end, turn.start + 4),
      words: turn.text, title: `Clip ${i}`, hasVideo: false, before: '', after: '', createdAt: now, updatedAt: now,
    });
  }
}

/** The recording's first four turns stored as the interview's transcript (each turn at `time`, by default its own). */
async function seedTranscript(time = (turn: (typeof recording.turns)[number], _i: number) => turn.start) {
  const turns = recording.turns.slice(0, 4);
  const text = turns.map((t) => t.text).join('\n\n');
  const offsets = turns.map((t) => text.indexOf(t.text));
  const transcript = `projects/${projectId}/documents/${documentId}/transcript`;
  await adminDb().doc(`${transcript}/text-0000`).set({ kind: 'text', index: 0, text });
  await adminDb().doc(`${transcript}/turns-0000`).set({ kind: 'turns', index: 0, turns: turns.map((t, i) => ({ s: t.role === 'participant' ? 1 : 0, a: offsets[i], b: offsets[i] + t.text.length, t: time(t, i) })) });
  await adminDb().doc(`projects/${projectId}/documents/${documentId}`).update({ speakers: [{ label: 'AI', role: 'interviewer', aliases: [], turnCount: 2, wordCount: 1 }, { label: 'User', role: 'participant', aliases: [], turnCount: 2, wordCount: 1 }] });
  return { turns, text, offsets };
}

function recordingQueue() {
  const jobs: ReelJob[] = [];
  const queue: ReelQueue = { enqueue: async (job) => void jobs.push(job) };
  return { jobs, queue };
}

/** The lines of a reel's title cards as its task plans them (the rendering stops there). */
async function cardsOf(job: ReelJob, store: ReturnType<typeof testRecordingStore>): Promise<string[][]> {
  let cards: string[][] = [];
  await handleReelTask(job, {
    db: adminDb(),
    store,
    render: async (plan) => {
      cards = plan.flatMap((s) => (s.kind === 'card' ? [s.lines] : []));
      throw new Error('the cards are all this test reads');
    },
  }).catch(() => undefined);
  return cards;
}

const reelDoc = async (reelId: string) => (await adminDb().doc(`projects/${projectId}/reels/${reelId}`).get()).data()!;

describe('a highlight reel', () => {
  beforeEach(async () => {
    await clearFirestore();
  });

  it('is queued when made, rendered by its task with its progress, and stored once whole', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1', 'clip0'], title: 'Exports' });
    expect(reel).toMatchObject({ status: 'queued', clipIds: ['clip1', 'clip0'], documentIds: [documentId], title: 'Exports' });
    expect(jobs).toEqual([{ projectId, reelId: reel.id }]);
    await expect(reelFile(adminDb(), store, uid, projectId, reel.id)).rejects.toThrow(REEL_MESSAGES.notReady);

    await handleReelTask(jobs[0], { db: adminDb(), store });
    const done = await reelDoc(reel.id);
    expect(done).toMatchObject({ status: 'ready', progress: 1, error: null });
    const { path } = await reelFile(adminDb(), store, uid, projectId, reel.id);
    expect((await store.stat(path))?.size).toBe(done.size);
    const probed = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(store.dir, path)]).toString());
    const clips = (await adminDb().collection(`projects/${projectId}/clips`).get()).docs.map((d) => d.data());
    const expected = reelSeconds(reelPlan(clips.map((c) => ({ id: 'x', speaker: c.speaker, interviewName: 'Call with P1', words: c.words, from: c.from, to: c.to, hasVideo: false }))));
    expect(Math.abs(probed - expected)).toBeLessThan(0.5);
    expect(Math.abs(done.seconds - expected)).toBeLessThan(0.01);
    // A second delivery of the task changes nothing.
    await handleReelTask(jobs[0], { db: adminDb(), store });
    expect((await reelDoc(reel.id)).updatedAt).toEqual(done.updatedAt);
  }, 120_000);

  it('fails with a sentence, and no file, when a clip was deleted meanwhile or its recording cannot be cut', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0', 'clip1'] });
    await adminDb().doc(`projects/${projectId}/clips/clip1`).delete();
    await handleReelTask(jobs[0], { db: adminDb(), store });
    expect(await reelDoc(reel.id)).toMatchObject({ status: 'failed', error: REEL_MESSAGES.clipGone });
    await expect(reelFile(adminDb(), store, uid, projectId, reel.id)).rejects.toThrow(REEL_MESSAGES.clipGone);
    expect(await store.stat(`reels/${projectId}/${reel.id}/reel.mp4`)).toBeNull();

    await clearFirestore();
    const broken = testRecordingStore();
    await seed(broken, Buffer.alloc(64 * 1024, 7));
    const again = recordingQueue();
    const other = await createReel(adminDb(), again.queue, uid, projectId, { clipIds: ['clip0'] });
    await handleReelTask(again.jobs[0], { db: adminDb(), store: broken });
    expect((await reelDoc(other.id)).error).toMatch(/^The reel could not be rendered: .+\. Make it again; its clips are unchanged\.$/);
    expect(await broken.stat(`reels/${projectId}/${other.id}/reel.mp4`)).toBeNull();
  }, 120_000);

  it('names each clip’s interview on its card as the interview is named when it renders, a rename included', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0', 'clip1'] });
    await adminDb().doc(`projects/${projectId}/documents/${documentId}`).update({ name: 'Onboarding call, Priya' });
    const cards = await cardsOf(jobs[0], store);
    expect(cards).toHaveLength(2);
    expect(cards.every((lines) => lines.includes('Onboarding call, Priya'))).toBe(true);
  });

  it('is failed by the sweep, its partial file deleted, when its rendering died with its task; a reel with news is left alone', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { queue } = recordingQueue();
    const dead = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0'] });
    const waiting = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1'] });
    const alive = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1'] });
    const lastNews = Date.now() - REEL_LEASE_MS - 1000;
    await adminDb().doc(`projects/${projectId}/reels/${dead.id}`).update({ status: 'rendering', progress: 0.4, updatedAt: new Date(lastNews) });
    await adminDb().doc(`projects/${projectId}/reels/${waiting.id}`).update({ updatedAt: new Date(Date.now() - REEL_QUEUE_WAIT_MS - 1000) });
    // Waiting in its queue behind other reels for longer than one renders, but not past the queue's wait: alive.
    const queued = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1'] });
    await adminDb().doc(`projects/${projectId}/reels/${queued.id}`).update({ updatedAt: new Date(lastNews) });
    await adminDb().doc(`projects/${projectId}/reels/${alive.id}`).update({ status: 'rendering', progress: 0.4, updatedAt: new Date() });
    // What the killed task had written of the file.
    await store.write(`reels/${projectId}/${dead.id}/reel.mp4`, Readable.from([Buffer.alloc(1024, 1)]), 'video/mp4', 1025);

    expect(await sweepLapsedReels({ db: adminDb(), store })).toBe(2);
    expect(await reelDoc(dead.id)).toMatchObject({ status: 'failed', error: REEL_MESSAGES.stopped });
    expect(await reelDoc(waiting.id)).toMatchObject({ status: 'failed', error: REEL_MESSAGES.stopped });
    expect(await store.stat(`reels/${projectId}/${dead.id}/reel.mp4`)).toBeNull();
    expect(await reelDoc(alive.id)).toMatchObject({ status: 'rendering', error: null });
    expect(await reelDoc(queued.id)).toMatchObject({ status: 'queued', error: null });
    // A second sweep finds nothing more.
    expect(await sweepLapsedReels({ db: adminDb(), store })).toBe(0);
  });

  it('is failed with the storage sentence, its file not kept, when it would take the account’s clips and reels past their storage', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0'] }, new Date(), 10_000_000);
    await handleReelTask(jobs[0], { db: adminDb(), store, storageLimit: 2_000 });
    expect(await reelDoc(reel.id)).toMatchObject({ status: 'failed', error: clipStorageQuotaMessage(2_000, 0) });
    expect(await store.stat(`reels/${projectId}/${reel.id}/reel.mp4`)).toBeNull();
  }, 120_000);

  it('says so when its rendering is stopped halfway, its progress shown until then, and nothing stored', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0', 'clip1'] });
    let seen = 0;
    const killed = handleReelTask(jobs[0], {
      db: adminDb(),
      store,
      render: async (_plan, options) => {
        await options.onProgress?.(0.5);
        seen = (await reelDoc(reel.id)).progress;
        throw new Error('the instance was stopped');
      },
    });
    await expect(killed).rejects.toThrow('the instance was stopped');
    expect(seen).toBe(0.5);
    expect(await reelDoc(reel.id)).toMatchObject({ status: 'failed', error: REEL_MESSAGES.stopped });
    expect(await store.stat(`reels/${projectId}/${reel.id}/reel.mp4`)).toBeNull();
  });

  it('is refused past its limits or with a deleted clip, and goes with an interview it quotes', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const refused = async (body: unknown) => (await createReel(adminDb(), queue, uid, projectId, body).then(() => null, (e: unknown) => e)) as AppError;
    expect((await refused({ clipIds: [] })).message).toBe(REEL_MESSAGES.empty);
    expect((await refused({ clipIds: Array.from({ length: 21 }, (_, i) => `c${i}`) })).message).toBe(REEL_MESSAGES.tooMany(21));
    expect((await refused({ clipIds: ['clip0', 'gone'] })).message).toBe(REEL_MESSAGES.clipGone);
    await adminDb().doc(`projects/${projectId}/clips/clip0`).update({ from: 0, to: 700 });
    expect((await refused({ clipIds: ['clip0'] })).message).toBe(REEL_MESSAGES.tooLong('11:40'));
    expect(jobs).toEqual([]);
    expect((await adminDb().collection(`projects/${projectId}/reels`).get()).size).toBe(0);

    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1'] });
    await handleReelTask(jobs[0], { db: adminDb(), store });
    await deleteInterviewReels(adminDb(), store, projectId, documentId);
    expect((await adminDb().doc(`projects/${projectId}/reels/${reel.id}`).get()).exists).toBe(false);
    expect(await store.stat(`reels/${projectId}/${reel.id}/reel.mp4`)).toBeNull();
    // And with the recording they were cut from, the clips staying.
    const other = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1'] });
    await handleReelTask(jobs[1], { db: adminDb(), store });
    expect(await store.stat(`reels/${projectId}/${other.id}/reel.mp4`)).not.toBeNull();
    await deleteInterviewClipFiles(adminDb(), store, projectId, documentId);
    expect((await adminDb().doc(`projects/${projectId}/reels/${other.id}`).get()).exists).toBe(false);
    expect(await store.stat(`reels/${projectId}/${other.id}/reel.mp4`)).toBeNull();
    expect((await adminDb().doc(`projects/${projectId}/clips/clip1`).get()).exists).toBe(true);
  }, 120_000);

  it('is made from a theme in one click: its findings’ quotes’ clips in the board’s order, a finding gone left out, the theme on each card', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { turns, text, offsets } = await seedTranscript();
    const quoteOf = (i: number) => ({ documentId, start: offsets[i], end: offsets[i] + turns[i].text.split(' ').slice(0, 4).join(' ').length });
    const finding = (title: string, i: number) => ({ title, description: '', tag: 'exports', documentId, source: 'local', createdAt: new Date(0), quotes: [{ ...quoteOf(i), text: text.slice(quoteOf(i).start, quoteOf(i).end), speaker: 'User' }] });
    await adminDb().doc(`projects/${projectId}/insights/a`).set(finding('Exports eat Fridays', 1));
    await adminDb().doc(`projects/${projectId}/insights/b`).set(finding('Nobody trusts the numbers', 3));

    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { theme: { name: 'Reporting pain', insightIds: ['b', 'gone', 'a'] } });
    expect(reel).toMatchObject({ title: 'Reporting pain', theme: 'Reporting pain', finding: null, status: 'queued' });
    const clips = await Promise.all(reel.clipIds.map(async (id) => (await adminDb().doc(`projects/${projectId}/clips/${id}`).get()).data()!));
    expect(clips.map((c) => [c.start, c.title])).toEqual([
      [quoteOf(3).start, 'Nobody trusts the numbers'],
      [quoteOf(1).start, 'Exports eat Fridays'],
    ]);
    const cards = await cardsOf(jobs[0], store);
    expect(cards).toHaveLength(2);
    expect(cards.every((lines) => lines.includes('Reporting pain'))).toBe(true);

    // A theme none of whose findings is left, and one with no name, are refused with their sentences, nothing written.
    const refused = (body: unknown) => createReel(adminDb(), queue, uid, projectId, body).then(() => null, (e: unknown) => (e as Error).message);
    expect(await refused({ theme: { name: 'Reporting pain', insightIds: ['gone'] } })).toBe(REEL_MESSAGES.themeEmpty);
    expect(await refused({ theme: { name: '  ', insightIds: ['a'] } })).toBe(REEL_MESSAGES.themeUnnamed);
    expect((await adminDb().collection(`projects/${projectId}/reels`).get()).size).toBe(1);
  });

  it('is made from a finding in one click: its quotes’ clips in order, reused when made again, its title on each card', async () => {
    const store = testRecordingStore();
    await seed(store);
    // The recording's transcript as stored, and a finding quoting two of its turns.
    const { turns, text, offsets } = await seedTranscript();
    const quoted = [3, 1].map((i) => ({ documentId, start: offsets[i], end: offsets[i] + turns[i].text.split(' ').slice(0, 5).join(' ').length }));
    await adminDb().doc(`projects/${projectId}/insights/finding1`).set({ title: 'Exports eat Fridays', description: '', tag: 'exports', documentId, source: 'local', createdAt: new Date(0), quotes: quoted.map((q) => ({ ...q, text: text.slice(q.start, q.end), speaker: 'User' })) });

    const { jobs, queue } = recordingQueue();
    const clipsBefore = (await adminDb().collection(`projects/${projectId}/clips`).get()).size;
    const reel = await createReel(adminDb(), queue, uid, projectId, { insightId: 'finding1' });
    expect(reel).toMatchObject({ title: 'Exports eat Fridays', finding: 'Exports eat Fridays', status: 'queued' });
    const clips = await Promise.all(reel.clipIds.map(async (id) => (await adminDb().doc(`projects/${projectId}/clips/${id}`).get()).data()!));
    expect(clips.map((c) => [c.start, c.words])).toEqual(quoted.map((q) => [q.start, text.slice(q.start, q.end)]));
    // Again: the same clips, none made twice.
    const again = await createReel(adminDb(), queue, uid, projectId, { insightId: 'finding1' });
    expect(again.clipIds).toEqual(reel.clipIds);
    expect((await adminDb().collection(`projects/${projectId}/clips`).get()).size).toBe(clipsBefore + 2);
    let cards: string[][] = [];
    await handleReelTask(jobs[0], {
      db: adminDb(),
      store,
      render: async (plan, options) => {
        cards = plan.flatMap((s) => (s.kind === 'card' ? [s.lines] : []));
        return renderReel(plan, options);
      },
    });
    expect(cards.every((lines) => lines.includes('Exports eat Fridays'))).toBe(true);
    expect(await reelDoc(reel.id)).toMatchObject({ status: 'ready' });

    // Renamed before the next reel renders: its cards read the finding's title as it is then; once the finding is
    // gone, the title it had when the reel was made.
    await adminDb().doc(`projects/${projectId}/insights/finding1`).update({ title: 'Friday goes on exports' });
    const renamed = await cardsOf(jobs[1], store);
    expect(renamed).toHaveLength(2);
    expect(renamed.every((lines) => lines.includes('Friday goes on exports') && !lines.includes('Exports eat Fridays'))).toBe(true);
    await createReel(adminDb(), queue, uid, projectId, { insightId: 'finding1' });
    await adminDb().doc(`projects/${projectId}/insights/finding1`).delete();
    const gone = await cardsOf(jobs[2], store);
    expect(gone.every((lines) => lines.includes('Friday goes on exports'))).toBe(true);

    // A finding none of whose quotes can be cut: said, nothing queued.
    await adminDb().doc(`projects/${projectId}/documents/${documentId}`).update({ recording: null });
    await adminDb().doc(`projects/${projectId}/insights/finding2`).set({ title: 'Other', description: '', tag: 't', documentId, source: 'local', createdAt: new Date(0), quotes: [{ ...quoted[0], text: 'x', speaker: 'User', start: quoted[0].start + 1 }] });
    await expect(createReel(adminDb(), queue, uid, projectId, { insightId: 'finding2' })).rejects.toThrow(REEL_MESSAGES.nothingToClip);
    await expect(createReel(adminDb(), queue, uid, projectId, { insightId: 'nope' })).rejects.toThrow(REEL_MESSAGES.findingGone);
    expect(jobs).toHaveLength(3);
  }, 120_000);
});

describe('a highlight reel that cannot be finished', () => {
  beforeEach(async () => {
    await clearFirestore();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says its clip is gone when the clip’s recording went, and a recording that cannot be cut in a sentence for the researcher, ffmpeg’s reason only logged', async () => {
    const failures: string[] = [];
    vi.spyOn(logs, 'reelFailed').mockImplementation((_p, _r, reason) => void failures.push(reason));
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0'] });
    await store.delete(recordingPath({ uid, projectId, documentId, fileName: 'call.m4a' }));
    await handleReelTask(jobs[0], { db: adminDb(), store });
    expect(await reelDoc(reel.id)).toMatchObject({ status: 'failed', error: REEL_MESSAGES.clipGone });

    await clearFirestore();
    const broken = testRecordingStore();
    await seed(broken, Buffer.alloc(64 * 1024, 7));
    const again = recordingQueue();
    const other = await createReel(adminDb(), again.queue, uid, projectId, { clipIds: ['clip1'] });
    await handleReelTask(again.jobs[0], { db: adminDb(), store: broken });
    const clip = (await adminDb().doc(`projects/${projectId}/clips/clip1`).get()).data()!;
    expect((await reelDoc(other.id)).error).toBe(REEL_MESSAGES.cannotCut('Call with P1', clip.from));
    // ffmpeg's own words are in the log, not in the sentence.
    expect(failures.at(-1)).not.toBe(REEL_MESSAGES.cannotCut('Call with P1', clip.from));
    expect(failures.at(-1)?.length).toBeGreaterThan(0);
  }, 120_000);

  it('is failed, its file not kept, when its file cannot be stored, so no retry finds it still rendering', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0'] });
    const full = { ...store, write: async () => Promise.reject(new Error('the disk is full')) };
    await expect(handleReelTask(jobs[0], { db: adminDb(), store: full })).rejects.toThrow('the disk is full');
    expect(await reelDoc(reel.id)).toMatchObject({ status: 'failed', error: REEL_MESSAGES.notStored });
    expect(await store.stat(`reels/${projectId}/${reel.id}/reel.mp4`)).toBeNull();
  }, 120_000);

  it('is refused for download when its file is gone or its rendering died with its task', async () => {
    const store = testRecordingStore();
    await seed(store);
    const { jobs, queue } = recordingQueue();
    const reel = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip0'] });
    await handleReelTask(jobs[0], { db: adminDb(), store });
    const { size } = await reelFile(adminDb(), store, uid, projectId, reel.id);
    expect(size).toBe((await reelDoc(reel.id)).size);
    await store.deletePrefix(`reels/${projectId}/${reel.id}/`);
    await expect(reelFile(adminDb(), store, uid, projectId, reel.id)).rejects.toThrow(REEL_MESSAGES.fileGone);

    const died = await createReel(adminDb(), queue, uid, projectId, { clipIds: ['clip1'] });
    await adminDb().doc(`projects/${projectId}/reels/${died.id}`).update({ status: 'rendering', updatedAt: new Date(Date.now() - REEL_LEASE_MS - 1000) });
    await expect(reelFile(adminDb(), store, uid, projectId, died.id)).rejects.toThrow(REEL_MESSAGES.stopped);
  }, 120_000);

  it('from a finding, is refused past its limits before any of its clips is written', async () => {
    const store = testRecordingStore();
    await seed(store);
    // Four turns spread over 25 minutes: two quotes of them come to more than ten minutes.
    const { turns, offsets } = await seedTranscript((_turn, i) => i * 400);
    await adminDb().doc(`projects/${projectId}/documents/${documentId}`).update({ 'recording.durationSeconds': 1500 });
    const quoted = [1, 3].map((i) => ({ documentId, start: offsets[i], end: offsets[i] + turns[i].text.length, text: turns[i].text, speaker: 'User' }));
    await adminDb().doc(`projects/${projectId}/insights/long`).set({ title: 'Exports eat Fridays', description: '', tag: 'exports', documentId, source: 'local', createdAt: new Date(0), quotes: quoted });

    const { jobs, queue } = recordingQueue();
    const clipsBefore = (await adminDb().collection(`projects/${projectId}/clips`).get()).size;
    const refused = await createReel(adminDb(), queue, uid, projectId, { insightId: 'long' }).then(() => null, (e: unknown) => e as AppError);
    expect(refused?.message).toMatch(/^A reel holds at most 10 minutes of clips/);
    expect((await adminDb().collection(`projects/${projectId}/clips`).get()).size).toBe(clipsBefore);
    expect((await adminDb().collection(`projects/${projectId}/reels`).get()).size).toBe(0);
    expect(jobs).toEqual([]);
  }, 120_000);
});
