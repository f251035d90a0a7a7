import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIP_MESSAGES, type Clip } from '@verbatim/contract/clip';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { defaultRecordingsDir } from '../../src/config/server-config';
import { HOSTING_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { creditsOf, uploadViaApi, userWithProject } from '../support/projects';
import { probeMedia } from '../support/probe-media';
import { recordedInterview } from '../support/recorded-interview';
import { makeRecording } from '../support/recordings.mjs';

/**
 * A researcher's clips through the API on the emulators: made from a participant's words, nudged a word at a time,
 * downloaded as a file ffmpeg cut from the recording (.m4a for sound, .mp4 with a picture) whose length is the clip's,
 * and deleted with their interview or project, files and all.
 */

const recordingsDir = defaultRecordingsDir();
const clipFiles = (projectId: string) => {
  const folder = join(recordingsDir, 'clips', projectId);
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).filter((f) => /clip\.(m4a|mp4)$/.test(f)) : [];
};

/** An interview whose recording is attached and ready, and a participant's sentence of its stored transcript. */
async function recordedSentence(options: { format?: 'm4a' | 'mp4'; video?: boolean } = {}) {
  const { user, projectId, documentId, recording, bytes } = await recordedInterview('Clips', options);
  const parts = await adminDb().collection(`projects/${projectId}/documents/${documentId}/transcript`).get();
  const doc = (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).data()!;
  const transcript = joinTranscript(parts.docs.map((d) => d.data() as TranscriptPart), (doc.speakers as { label: string }[]).map((s) => s.label));
  // A participant's long turn, and its words from the fourth to the twelfth.
  const turn = transcript.turns.filter((t) => t.speaker === 'User').reduce((x, y) => (y.end - y.start > x.end - x.start ? y : x));
  const words = [...transcript.text.slice(turn.start, turn.end).matchAll(/\S+/g)].map((m) => ({ start: turn.start + m.index, end: turn.start + m.index + m[0].length }));
  const span = { start: words[3].start, end: words[11].end };
  const spoken = recording.turns.find((t) => t.text.trim() === transcript.text.slice(turn.start, turn.end).trim());
  return { user, projectId, documentId, recording, bytes, transcript, span, spoken };
}

const fileUrl = (projectId: string, clipId: string) => `${HOSTING_URL}/api/projects/${projectId}/clips/${clipId}/file`;
const download = (token: string, projectId: string, clipId: string) => fetch(fileUrl(projectId, clipId), { headers: { authorization: `Bearer ${token}` } });

describe('a researcher’s clip', () => {
  it('is made from a quote’s words, nudged word by word, and downloads as an .m4a of its own length', async () => {
    const { user, projectId, documentId, transcript, span, bytes, spoken } = await recordedSentence();
    const credits = await creditsOf(user.uid);
    const made = await callApi<{ clip: Clip }>(`/projects/${projectId}/clips`, { token: user.idToken, json: { documentId, ...span } });
    expect(made.status).toBe(201);
    const clip = made.body.clip;
    expect(clip).toMatchObject({ documentId, speaker: 'User', words: transcript.text.slice(span.start, span.end), hasVideo: false });
    // From the words' own moment, within their turn as spoken.
    expect(clip.from).toBeGreaterThanOrEqual(spoken!.start - 1);
    expect(clip.to).toBeLessThanOrEqual(spoken!.end + 2);

    const nudged = await callApi<{ clip: Clip }>(`/projects/${projectId}/clips/${clip.id}`, { token: user.idToken, method: 'PATCH', json: { nudge: { edge: 'end', words: 3 }, title: 'Trust in the tools' } });
    expect(nudged.status).toBe(200);
    expect(nudged.body.clip.words.startsWith(clip.words)).toBe(true);
    expect(nudged.body.clip.words.split(/\s+/)).toHaveLength(clip.words.split(/\s+/).length + 3);
    expect(nudged.body.clip.to).toBeGreaterThan(clip.to);
    // Nothing to change: refused, the clip untouched.
    const stored = async () => (await adminDb().doc(`projects/${projectId}/clips/${clip.id}`).get()).data()!;
    const before = await stored();
    const empty = await callApi(`/projects/${projectId}/clips/${clip.id}`, { token: user.idToken, method: 'PATCH', json: {} });
    expect([empty.status, empty.body]).toEqual([400, { error: { code: 'invalid', message: CLIP_MESSAGES.nothingToChange } }]);
    expect(await stored()).toEqual(before);

    const res = await download(user.idToken, projectId, clip.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect(res.headers.get('content-disposition')).toContain('filename="Trust in the tools.m4a"');
    const file = Buffer.from(await res.arrayBuffer());
    expect(file.length).toBeLessThan(bytes.length / 4);
    const seconds = nudged.body.clip.to - nudged.body.clip.from;
    const probed = probeMedia(file);
    expect(probed.streams).toEqual(['audio']);
    expect(Math.abs(probed.duration - seconds)).toBeLessThan(0.3);
    expect(clipFiles(projectId)).toHaveLength(1);
    // Kept: asked again, the same bytes.
    expect(Buffer.from(await (await download(user.idToken, projectId, clip.id)).arrayBuffer()).equals(file)).toBe(true);
    // Nobody else's.
    const other = await userWithProject('Other', 'local');
    expect((await download(other.user.idToken, projectId, clip.id)).status).toBe(404);
    expect(await creditsOf(user.uid)).toBe(credits);
  });

  it('of a video recording downloads as an .mp4 with its picture', async () => {
    const { user, projectId, documentId, span } = await recordedSentence({ format: 'mp4', video: true });
    const { body } = await callApi<{ clip: Clip }>(`/projects/${projectId}/clips`, { token: user.idToken, json: { documentId, ...span } });
    expect(body.clip.hasVideo).toBe(true);
    const res = await download(user.idToken, projectId, body.clip.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toMatch(/\.mp4"/);
    const probed = probeMedia(Buffer.from(await res.arrayBuffer()));
    expect(probed.streams.sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - (body.clip.to - body.clip.from))).toBeLessThan(0.4);
  });

  it('is refused on an interview without a recording, with its sentence', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { user, projectId } = await userWithProject('No recording', 'local');
    const { reserve } = await uploadViaApi(user.idToken, projectId, 'interview.vtt', recording.vtt);
    const res = await callApi(`/projects/${projectId}/clips`, { token: user.idToken, json: { documentId: reserve.body.document.id, start: 0, end: 20 } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: CLIP_MESSAGES.noRecording } });
    expect((await adminDb().collection(`projects/${projectId}/clips`).get()).size).toBe(0);
  });

  it('goes with its interview, and with its project, files and all', async () => {
    const { user, projectId, documentId, span } = await recordedSentence();
    const make = async () => (await callApi<{ clip: Clip }>(`/projects/${projectId}/clips`, { token: user.idToken, json: { documentId, ...span } })).body.clip;
    const first = await make();
    expect((await download(user.idToken, projectId, first.id)).status).toBe(200);
    expect(clipFiles(projectId)).toHaveLength(1);
    expect((await callApi(`/projects/${projectId}/documents/${documentId}`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    expect(clipFiles(projectId)).toEqual([]);
    expect((await adminDb().collection(`projects/${projectId}/clips`).get()).size).toBe(0);

    const again = await recordedSentence();
    const clip = (await callApi<{ clip: Clip }>(`/projects/${again.projectId}/clips`, { token: again.user.idToken, json: { documentId: again.documentId, ...again.span } })).body.clip;
    expect((await download(again.user.idToken, again.projectId, clip.id)).status).toBe(200);
    expect(clipFiles(again.projectId)).toHaveLength(1);
    expect((await callApi(`/projects/${again.projectId}`, { token: again.user.idToken, method: 'DELETE' })).status).toBe(200);
    expect(clipFiles(again.projectId)).toEqual([]);
    expect((await adminDb().collection(`projects/${again.projectId}/clips`).get()).size).toBe(0);
  });
});
