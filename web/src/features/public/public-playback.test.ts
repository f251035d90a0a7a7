import { describe, expect, it } from 'vitest';
import { playableRecordings, publicPlaybackUrl } from './public-playback';

describe('recordings on the public interviews page', () => {
  it('plays the interviews the page lists, and none when the owner has not allowed it', () => {
    expect([...playableRecordings({ recordings: ['d1', 'd2'] })]).toEqual(['d1', 'd2']);
    expect(playableRecordings({}).size).toBe(0);
    expect(playableRecordings(null).size).toBe(0);
    expect(playableRecordings({ recordings: 'd1' as unknown as string[] }).size).toBe(0);
  });

  it('asks for a recording’s link under the page’s own token', () => {
    expect(publicPlaybackUrl('tok_en', 'd/1', '/api')).toBe('/api/public/interviews/tok_en/recordings/d%2F1');
  });
});
