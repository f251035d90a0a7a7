import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Clip } from '@verbatim/contract/clip';
import { FUNCTIONS_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { recordedInterview } from '../support/recorded-interview';
import { waitFor } from '../support/wait';

/**
 * The decks of a project whose quotes have clips: each quote a deck shows with a clip carries it on its slide (the key
 * findings deck: each finding's quote; the full deck: every quote), the clip's own file (cut for the deck when it was
 * not yet, and kept), and the deck is made all the same.
 */

const deck = async (projectId: string, token: string, format = 'short-deck.pptx') => {
  const res = await fetch(`${FUNCTIONS_URL}/api/projects/${projectId}/exports/${format}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, zip: await JSZip.loadAsync(Buffer.from(await res.arrayBuffer())) };
};
const mediaOf = (zip: JSZip) => Object.keys(zip.files).filter((name) => /^ppt\/media\/media.*\.(m4a|mp4)$/.test(name));

/**
 * A recorded interview's project whose `format` deck has no media before, then a clip of every quote of the interview
 * with a time: whichever a slide shows has one.
 */
async function clippedProject(name: string, format: string) {
  const { user, projectId, documentId } = await recordedInterview(name);
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('status'), (s) => s === 'ready');
  const before = await deck(projectId, user.idToken, format);
  expect(before.status).toBe(200);
  expect(mediaOf(before.zip)).toEqual([]);
  const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
  const quotes = insights.flatMap((i) => i.quotes as { documentId: string; start: number; end: number; ts?: number }[]).filter((q) => q.documentId === documentId && q.ts !== undefined);
  expect(quotes.length).toBeGreaterThan(1);
  for (const q of quotes) await callApi<{ clip: Clip }>(`/projects/${projectId}/clips`, { token: user.idToken, json: { documentId, start: q.start, end: q.end } });
  return { user, projectId, quotes };
}

describe('GET /projects/{p}/exports/short-deck.pptx with clips', () => {
  it('carries each shown quote’s clip on its slide, as the clip’s own file, and none before a clip is made', async () => {
    const { user, projectId } = await clippedProject('Deck with clips', 'short-deck.pptx');
    const after = await deck(projectId, user.idToken);
    expect(after.status).toBe(200);
    const media = mediaOf(after.zip);
    expect(media.length).toBeGreaterThan(0);
    expect(media.every((name) => name.endsWith('.m4a'))).toBe(true);
    // Each is a clip's kept file, byte for byte.
    const kept = (await adminDb().collection(`projects/${projectId}/clips`).get()).docs.map((d) => d.get('file') as { size: number } | undefined).filter((f) => f);
    expect(kept.length).toBe(media.length);
    const sizes = await Promise.all(media.map(async (name) => (await after.zip.file(name)!.async('uint8array')).length));
    expect(sizes.sort()).toEqual(kept.map((f) => f!.size).sort());
  }, 180_000);

});

describe('GET /projects/{p}/exports/deck.pptx with clips', () => {
  it('carries the clip of every quote it shows, each the clip’s own file, and none before a clip is made', async () => {
    // The full deck shows every quote, each with its clip.
    const { user, projectId, quotes } = await clippedProject('Full deck with clips', 'deck.pptx');
    const after = await deck(projectId, user.idToken, 'deck.pptx');
    expect(after.status).toBe(200);
    const media = mediaOf(after.zip);
    expect(media).toHaveLength(quotes.length);
    // Each is a clip's kept file (cut for the deck), and every clip is on it.
    const kept = (await adminDb().collection(`projects/${projectId}/clips`).get()).docs.map((d) => d.get('file') as { size: number } | undefined);
    expect(kept.every((f) => f)).toBe(true);
    const sizes = await Promise.all(media.map(async (name) => (await after.zip.file(name)!.async('uint8array')).length));
    expect(new Set(sizes)).toEqual(new Set(kept.map((f) => f!.size)));
  }, 180_000);
});
