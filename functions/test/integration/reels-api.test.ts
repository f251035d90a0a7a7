import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clip } from '@verbatim/contract/clip';
import { REEL_MESSAGES, type Reel } from '@verbatim/contract/reel';
import { defaultRecordingsDir } from '../../src/config/server-config';
import { HOSTING_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { userWithProject } from '../support/projects';
import { probeMedia } from '../support/probe-media';
import { recordedInterview } from '../support/recorded-interview';
import { waitFor } from '../support/wait';

/**
 * A highlight reel through the API on the emulators: made from two clips, rendered by its own task (the Cloud Tasks
 * emulator dispatches it to `renderReel`), its progress on its record, downloaded as an MP4 with a picture and sound,
 * and deleted with its project.
 */

const reelFiles = (projectId: string) => {
  const folder = join(defaultRecordingsDir(), 'reels', projectId);
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String).filter((f) => f.endsWith('reel.mp4')) : [];
};

describe('a highlight reel', () => {
  it('is rendered by its task from two clips, downloads as an MP4 of its length, and goes with its project', async () => {
    const { user, projectId, documentId } = await recordedInterview('Reels');
    const parts = await adminDb().collection(`projects/${projectId}/documents/${documentId}/transcript`).get();
    const text = parts.docs.map((d) => d.data()).filter((p) => p.kind === 'text').sort((a, b) => a.index - b.index).map((p) => p.text as string).join('');
    const turns = parts.docs.map((d) => d.data()).filter((p) => p.kind === 'turns').flatMap((p) => p.turns as { a: number; b: number }[]);
    const clips: Clip[] = [];
    for (const turn of turns.filter((t) => t.b - t.a > 40).slice(1, 3)) {
      const end = turn.a + text.slice(turn.a, turn.b).split(' ').slice(0, 6).join(' ').length;
      const made = await callApi<{ clip: Clip }>(`/projects/${projectId}/clips`, { token: user.idToken, json: { documentId, start: turn.a, end } });
      expect(made.status).toBe(201);
      clips.push(made.body.clip);
    }
    const made = await callApi<{ reel: Reel }>(`/projects/${projectId}/reels`, { token: user.idToken, json: { clipIds: clips.map((c) => c.id), title: 'Exports' } });
    expect(made.status).toBe(201);
    expect(made.body.reel).toMatchObject({ status: 'queued', clipIds: clips.map((c) => c.id) });
    const reelPath = `projects/${projectId}/reels/${made.body.reel.id}`;
    const done = await waitFor(async () => (await adminDb().doc(reelPath).get()).data(), (r) => r?.status === 'ready' || r?.status === 'failed', 90_000);
    expect(done).toMatchObject({ status: 'ready', progress: 1, error: null });

    const res = await fetch(`${HOSTING_URL}/api/projects/${projectId}/reels/${made.body.reel.id}/file`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Exports.mp4"');
    const probed = probeMedia(Buffer.from(await res.arrayBuffer()));
    expect(probed.streams).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - done!.seconds)).toBeLessThan(0.5);
    expect(reelFiles(projectId)).toHaveLength(1);

    // Its file gone: refused with a sentence, never an empty MP4.
    rmSync(join(defaultRecordingsDir(), 'reels', projectId, made.body.reel.id, 'reel.mp4'));
    const gone = await callApi<{ error: { message: string } }>(`/projects/${projectId}/reels/${made.body.reel.id}/file`, { token: user.idToken });
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(REEL_MESSAGES.fileGone);

    const other = await userWithProject('Other', 'local');
    expect((await callApi(`/projects/${projectId}/reels/${made.body.reel.id}/file`, { token: other.user.idToken })).status).toBe(404);
    expect((await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    expect(reelFiles(projectId)).toEqual([]);
  }, 180_000);
});
