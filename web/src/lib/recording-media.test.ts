import type { RecordingPlayback } from '@verbatim/contract/recording';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYBACK_FAILED, PlaybackLinks, RecordingMedia } from './recording-media';

/** What the player needs of a media element, with the moments a browser would report. */
class FakeMedia extends EventTarget {
  src = '';
  currentTime = 0;
  paused = true;
  duration = Number.NaN;
  error: { code: number } | null = null;
  readyState = 4;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  getAttribute(name: string) {
    return name === 'src' ? this.src : null;
  }
  removeAttribute() {
    this.src = '';
  }
  load() {}
  async play() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  reach(seconds: number) {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
  /** The source stops working: the element is back at the start, with an error. */
  fail() {
    this.error = { code: 2 };
    this.currentTime = 0;
    this.readyState = 0;
    this.dispatchEvent(new Event('timeupdate'));
    this.dispatchEvent(new Event('error'));
    this.readyState = 4;
  }
}

const T0 = Date.parse('2026-03-01T10:00:00Z');
const MINUTE = 60_000;

function setUp(lifeMinutes = 15) {
  let issued = 0;
  const fetchPlayback = vi.fn(
    async (documentId: string): Promise<RecordingPlayback> => ({
      url: `/media/${documentId}?v=${++issued}`,
      expiresAt: new Date(Date.now() + lifeMinutes * MINUTE).toISOString(),
      contentType: 'audio/webm',
      hasVideo: false,
      durationSeconds: 300,
    }),
  );
  const media = new RecordingMedia(new PlaybackLinks(fetchPlayback));
  const element = new FakeMedia();
  media.attach(element as unknown as HTMLMediaElement);
  return { media, element, fetchPlayback };
}

describe('the page’s player', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('plays a quote from its moment through the interview’s link, asked for once for its quotes', async () => {
    const { media, element, fetchPlayback } = setUp();
    await media.playFrom('d1', 42, { key: 'd1:10-40' });
    expect(element.src).toBe('/media/d1?v=1');
    expect(element.currentTime).toBe(42);
    expect(media.getState()).toMatchObject({ documentId: 'd1', playingKey: 'd1:10-40', playing: true, started: true });
    await media.playFrom('d1', 80, { key: 'd1:90-120' });
    expect(element.currentTime).toBe(80);
    expect(fetchPlayback).toHaveBeenCalledTimes(1);
  });

  it('stops at the quote’s end, and plays on past it when asked to', async () => {
    const { media, element } = setUp();
    await media.playFrom('d1', 42, { stopAt: 50 });
    element.reach(49);
    expect(element.paused).toBe(false);
    element.reach(50.1);
    expect(element.paused).toBe(true);
    await media.toggle();
    element.reach(60);
    expect(element.paused).toBe(false);
  });

  it('asks for a new link before the old one expires, and swaps it in where the recording had got to', async () => {
    const { media, element, fetchPlayback } = setUp(15);
    await media.playFrom('d1', 42);
    element.reach(70);
    element.pause();
    // A quarter-hour link is asked for again a tenth of its life early: at 13.5 minutes.
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(fetchPlayback).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fetchPlayback).toHaveBeenCalledTimes(2);
    expect(element.src).toBe('/media/d1?v=2');
    expect(element.currentTime).toBe(70);
    expect(element.paused).toBe(true);
  });

  it('replaces a link that stopped working mid-way once, playing on from where it was', async () => {
    const { media, element, fetchPlayback } = setUp();
    await media.playFrom('d1', 42);
    element.reach(90);
    element.fail();
    await vi.waitFor(() => expect(element.src).toBe('/media/d1?v=2'));
    expect(element.currentTime).toBe(90);
    expect(element.paused).toBe(false);
    // A second failure straight after is the file's own: said, not retried.
    element.fail();
    await vi.waitFor(() => expect(media.getState().error).toBe(PLAYBACK_FAILED));
    expect(fetchPlayback).toHaveBeenCalledTimes(2);
  });

  it('says why when no link can be had', async () => {
    const media = new RecordingMedia(new PlaybackLinks(() => Promise.reject(new Error('This share link does not allow playing recordings.'))));
    media.attach(new FakeMedia() as unknown as HTMLMediaElement);
    await media.playFrom('d1', 5);
    expect(media.getState()).toMatchObject({ playing: false, waiting: false, error: 'This share link does not allow playing recordings.' });
  });
});
