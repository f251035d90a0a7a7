import { describe, expect, it } from 'vitest';
import { clipFileName, clipFromData, defaultClipTitle } from '../src/clip';
import { reelFileName } from '../src/reel';
import { createClipBody, readBody, updateClipBody } from '../src/request-bodies';

describe('a clip', () => {
  it('downloads as .m4a for sound alone and .mp4 with a picture, named by its title without a path’s characters', () => {
    expect(clipFileName({ title: 'Exports take ages', hasVideo: false })).toBe('Exports take ages.m4a');
    expect(clipFileName({ title: 'a/b: "c"?', hasVideo: true })).toBe('a b c.mp4');
    expect(clipFileName({ title: '   ', hasVideo: false })).toBe('clip.m4a');
  });

  it('and a reel as .mp4, named by its title made safe the same way', () => {
    expect(reelFileName({ title: 'Pricing: "too dear"' })).toBe('Pricing too dear.mp4');
    expect(reelFileName({ title: '..\u0007' })).toBe('reel.mp4');
    expect(reelFileName({ title: `Exports ${'x'.repeat(200)}` })).toHaveLength(84);
  });

  it('is titled by its first words until named', () => {
    expect(defaultClipTitle('It takes\n ages.')).toBe('It takes ages.');
    const long = defaultClipTitle('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith('…')).toBe(true);
  });

  it('is read back with every field it is stored with', () => {
    const at = new Date(5);
    const stored = { documentId: 'd', speaker: 'P1', start: 1, end: 9, from: 2.5, to: 6, words: 'It takes', title: 'T', hasVideo: true, before: 'b', after: 'a', createdAt: at, updatedAt: at };
    expect(clipFromData('c1', { ...stored, file: { path: 'clips/p/d/c1/clip.mp4', size: 2048 } }, (v) => v as Date)).toEqual({ id: 'c1', ...stored, fileSize: 2048 });
    expect(clipFromData('c1', stored, (v) => v as Date).fileSize).toBe(0);
  });

  it('keeps no copy of its interview’s name: a name stored by an earlier version is not read back', () => {
    expect(clipFromData('c1', { documentId: 'd', interviewName: 'Old name' }, () => null)).not.toHaveProperty('interviewName');
  });

  it('is read with the epoch for a timestamp its SDK does not read, as every stored record is', () => {
    const read = clipFromData('c1', { documentId: 'd', createdAt: 'not a timestamp' }, (v) => (v instanceof Date ? v : null));
    expect([read.createdAt, read.updatedAt]).toEqual([new Date(0), new Date(0)]);
  });

  it('is made of words selected, and nudged by whole words, with a sentence for each mistake', () => {
    expect(readBody(createClipBody, { documentId: 'd1', start: 5, end: 5 })).toEqual({ ok: false, field: 'start', message: 'Select at least one word of the transcript to make a clip.' });
    expect(readBody(createClipBody, { documentId: '../x', start: 0, end: 5 })).toMatchObject({ ok: false, field: 'documentId' });
    expect(readBody(updateClipBody, { nudge: { edge: 'middle', words: 1 } })).toMatchObject({ ok: false, message: 'Say which edge of the clip to move: start or end.' });
    expect(readBody(updateClipBody, { nudge: { edge: 'end', words: 0.5 } })).toMatchObject({ ok: false, message: 'An edge moves by whole words.' });
    expect(readBody(updateClipBody, { title: 'x'.repeat(121) })).toMatchObject({ ok: false, message: 'A clip’s title is at most 120 characters.' });
    expect(readBody(updateClipBody, { title: ' Exports ', nudge: { edge: 'start', words: -2 } })).toEqual({ ok: true, value: { title: 'Exports', nudge: { edge: 'start', words: -2 } } });
    // An empty title is a change (back to the first words); nothing at all is not.
    expect(readBody(updateClipBody, { title: '' })).toEqual({ ok: true, value: { title: '' } });
    expect(readBody(updateClipBody, {})).toEqual({ ok: false, field: 'body', message: 'Nothing to change: send a new title, an edge to move, or both.' });
  });
});
