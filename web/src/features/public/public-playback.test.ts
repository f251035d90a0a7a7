import { describe, expect, it } from 'vitest';
import { publicClipId } from '@verbatim/contract/share';
import { clipInterview, playableRecordings, publicClipUrl } from './public-playback';

describe('quotes heard on the public interviews page', () => {
  it('plays the interviews the page lists, and none when the owner has not allowed it', () => {
    expect([...playableRecordings({ recordings: ['d1', 'd2'] })]).toEqual(['d1', 'd2']);
    expect(playableRecordings({}).size).toBe(0);
    expect(playableRecordings(null).size).toBe(0);
    expect(playableRecordings({ recordings: 'd1' as unknown as string[] }).size).toBe(0);
  });

  it('asks for a quote’s own clip under the page’s own token, never for an interview’s recording', () => {
    const clip = publicClipId({ documentId: 'd1', start: 120, end: 180 });
    expect(publicClipUrl('tok_en', clip, '/api')).toBe('/api/public/interviews/tok_en/clips/d1.120.180');
    expect(clipInterview(clip)).toBe('d1');
  });
});
