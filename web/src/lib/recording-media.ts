import type { RecordingPlayback } from '@verbatim/contract/recording';
import { isLinkFresh, refreshDelayMs, type HeldLink } from './playback-link';

/**
 * One media element playing interviews' recordings, through playback links that expire: the link of each interview
 * is asked for when first needed and again before it expires; playing from a moment, up to an optional end; and a
 * link that stopped working mid-way is replaced once, where the recording had got to. No React, no Firebase: the
 * owner's pages and the public pages give it their own way of asking for a link.
 */

export type FetchPlayback = (documentId: string) => Promise<RecordingPlayback>;

export const PLAYBACK_FAILED = 'This recording could not be played. Reload the page to try again.';

/** Playback links by interview, each asked for once at a time and kept while it has life left. */
export class PlaybackLinks {
  private readonly held = new Map<string, HeldLink>();
  private readonly asking = new Map<string, Promise<HeldLink>>();

  constructor(
    private readonly fetchPlayback: FetchPlayback,
    private readonly now: () => number = Date.now,
    /** Asked for again on every play, whatever its life (a public page's clip: each play checks it may still be heard). */
    private readonly askEachTime = false,
  ) {}

  /** A link with life left (`renew`: a new one even so, after the one held stopped working). */
  get(documentId: string, renew = false): Promise<HeldLink> {
    const held = this.held.get(documentId);
    if (!renew && !this.askEachTime && isLinkFresh(held, this.now())) return Promise.resolve(held);
    const pending = this.asking.get(documentId);
    if (pending) return pending;
    const asked = this.fetchPlayback(documentId)
      .then((playback) => {
        const link = { ...playback, receivedAt: this.now() };
        this.held.set(documentId, link);
        return link;
      })
      .finally(() => this.asking.delete(documentId));
    this.asking.set(documentId, asked);
    return asked;
  }
}

export interface MediaState {
  /** The interview whose recording is loaded, and what is being played from it (a quote's key), if anything. */
  documentId: string | null;
  playingKey: string | null;
  /** The element is playing (not paused); `waiting` while a link or the first bytes are on their way. */
  playing: boolean;
  waiting: boolean;
  /** Played at least once since the recording was loaded (the transcript then follows it). */
  started: boolean;
  error: string | null;
  hasVideo: boolean;
  duration: number | null;
}

/** Nothing loaded. */
export const IDLE_MEDIA: MediaState = {
  documentId: null,
  playingKey: null,
  playing: false,
  waiting: false,
  started: false,
  error: null,
  hasVideo: false,
  duration: null,
};

export interface PlayOptions {
  /** Pause on reaching this moment (a quote's end), when known. */
  stopAt?: number | null;
  /** What is being played (a quote's key), for the buttons that show it. */
  key?: string | null;
}

/** A link that stopped working is replaced at most this often (an error right after a new link is the file's own). */
const RENEW_AFTER_MS = 10_000;

const EVENTS = ['play', 'pause', 'playing', 'waiting', 'ended', 'timeupdate', 'seeked', 'durationchange', 'loadedmetadata', 'error'] as const;
type MediaEvent = (typeof EVENTS)[number];

export class RecordingMedia {
  private element: HTMLMediaElement | null = null;
  private state: MediaState = IDLE_MEDIA;
  private link: HeldLink | null = null;
  private stopAt: number | null = null;
  private renewedAt = 0;
  private rate = 1;
  /** Where the recording last was while it had loaded (a failed load puts the element back to 0). */
  private position = 0;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly timeListeners = new Set<() => void>();
  private readonly onEvent = (event: Event) => this.handle(event.type as MediaEvent);

  constructor(
    readonly links: PlaybackLinks,
    private readonly now: () => number = Date.now,
  ) {}

  /** The element to play through (a ref callback): null when it leaves the page. */
  readonly attach = (element: HTMLMediaElement | null): void => {
    if (element === this.element) return;
    for (const type of EVENTS) this.element?.removeEventListener(type, this.onEvent);
    this.element = element;
    for (const type of EVENTS) element?.addEventListener(type, this.onEvent);
    if (!element) return;
    element.defaultPlaybackRate = this.rate;
    element.playbackRate = this.rate;
    if (this.link && element.getAttribute('src') !== this.link.url) element.src = this.link.url;
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): MediaState => this.state;

  /** Called on every change of the playing position. */
  readonly subscribeTime = (listener: () => void): (() => void) => {
    this.timeListeners.add(listener);
    return () => this.timeListeners.delete(listener);
  };

  readonly currentTime = (): number => this.element?.currentTime ?? 0;

  /** Loads an interview's recording without playing it (the player then knows its length), keeping its link fresh. */
  async load(documentId: string): Promise<void> {
    await this.use(documentId, false);
  }

  /** Plays an interview's recording from `seconds`, pausing at `stopAt` when given. */
  async playFrom(documentId: string, seconds: number, options: PlayOptions = {}): Promise<void> {
    // What played before stops at once: its position must not reach the new end while the new link is on its way.
    this.element?.pause();
    this.stopAt = options.stopAt != null && options.stopAt > seconds ? options.stopAt : null;
    this.set({ playingKey: options.key ?? null });
    if (!(await this.use(documentId, false))) return;
    const element = this.element;
    if (!element) return;
    element.currentTime = Math.max(0, seconds);
    await this.start(element);
  }

  /** Play or pause what is loaded (a play past a quote's end carries on). */
  async toggle(): Promise<void> {
    const element = this.element;
    if (!element || !this.state.documentId) return;
    if (!element.paused) return element.pause();
    this.stopAt = null;
    if (!isLinkFresh(this.link ?? undefined, this.now()) && !(await this.use(this.state.documentId, true))) return;
    await this.start(element);
  }

  pause(): void {
    this.element?.pause();
  }

  /** Stops and unloads the recording (the small player's Close); links already held are kept. */
  close(): void {
    this.unload();
    this.set(IDLE_MEDIA);
  }

  /** What is loaded may no longer be heard (a public page turned off meanwhile): it stops, unloads, and says why. */
  refuse(message: string): void {
    this.unload();
    this.set({ playing: false, waiting: false, started: false, error: message });
  }

  /** Stops, and lets go of the source and the bytes the element holds of it. */
  private unload(): void {
    clearTimeout(this.refreshTimer);
    this.stopAt = null;
    this.link = null;
    const element = this.element;
    if (!element) return;
    element.pause();
    element.removeAttribute('src');
    element.load();
  }

  /** Moves the playing position (the player's slider and skip buttons). */
  seek(seconds: number): void {
    const element = this.element;
    if (!element) return;
    this.stopAt = null;
    const end = Number.isFinite(element.duration) ? element.duration : Infinity;
    element.currentTime = Math.min(Math.max(0, seconds), end);
    // The slider that asked shows the new position at once, not the old one until the seek completes.
    this.emitTime();
  }

  /** The playing speed, kept when the source changes (a load puts the element back to its default rate). */
  setRate(rate: number): void {
    this.rate = rate;
    if (this.element) {
      this.element.defaultPlaybackRate = rate;
      this.element.playbackRate = rate;
    }
  }

  /** Forgets the element's listeners and timers (the page that held it is gone). */
  dispose(): void {
    clearTimeout(this.refreshTimer);
    this.attach(null);
    this.listeners.clear();
    this.timeListeners.clear();
  }

  /** Makes `documentId`'s recording the element's source, with a link that has life left; false when none came. */
  private async use(documentId: string, renew: boolean): Promise<boolean> {
    const changing = documentId !== this.state.documentId;
    if (changing) {
      this.position = 0;
      this.set({ documentId, started: false, duration: null });
    }
    this.set({ waiting: true, error: null });
    let link: HeldLink;
    try {
      link = await this.links.get(documentId, renew);
    } catch (err) {
      if (this.state.documentId === documentId) this.set({ waiting: false, playing: false, error: err instanceof Error ? err.message : PLAYBACK_FAILED });
      return false;
    }
    // Another recording was asked for meanwhile: it wins.
    if (this.state.documentId !== documentId) return false;
    this.set({ waiting: false, hasVideo: link.hasVideo, duration: this.state.duration ?? link.durationSeconds });
    if (changing || renew || link.url !== this.link?.url) this.swap(link, !changing);
    this.scheduleRefresh(documentId, link);
    return true;
  }

  /** The element's source becomes `link`; at the same position, playing on, when it is the same recording (`keep`). */
  private swap(link: HeldLink, keep: boolean): void {
    this.link = link;
    const element = this.element;
    if (!element) return;
    const at = element.currentTime;
    const wasPlaying = !element.paused;
    element.src = link.url;
    if (keep && this.state.started) {
      element.currentTime = at;
      if (wasPlaying) void this.start(element);
    }
  }

  /** Asks for a new link shortly before this one expires, while the recording stays loaded. */
  private scheduleRefresh(documentId: string, link: HeldLink): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      if (this.state.documentId !== documentId) return;
      void this.links.get(documentId, true).then(
        (next) => {
          if (this.state.documentId !== documentId) return;
          // Swapped now when paused; a playing element carries on with the bytes it has and swaps on its next error.
          if (this.element?.paused ?? true) this.swap(next, true);
          this.scheduleRefresh(documentId, next);
        },
        () => undefined,
      );
    }, refreshDelayMs(link, this.now()));
  }

  private async start(element: HTMLMediaElement): Promise<void> {
    try {
      await element.play();
    } catch (err) {
      // A newer load or pause interrupted this play: nothing went wrong.
      if ((err as { name?: string }).name === 'AbortError') return;
      this.set({ playing: false, waiting: false, error: PLAYBACK_FAILED });
    }
  }

  private handle(type: MediaEvent): void {
    const element = this.element;
    if (!element) return;
    switch (type) {
      case 'play':
        return this.set({ playing: true, started: true, error: null });
      case 'pause':
      case 'ended':
        return this.set({ playing: false, waiting: false });
      case 'playing':
        return this.set({ waiting: false });
      case 'waiting':
        return this.set({ waiting: true });
      case 'durationchange':
      case 'loadedmetadata':
        if (Number.isFinite(element.duration)) this.set({ duration: element.duration });
        return this.emitTime();
      case 'error':
        return void this.recover();
      default:
        if (element.readyState >= 1) this.position = element.currentTime;
        if (this.stopAt !== null && element.currentTime >= this.stopAt) {
          this.stopAt = null;
          element.pause();
        }
        return this.emitTime();
    }
  }

  /** The source failed: a link that expired is replaced once, where the recording had got to; anything else is said. */
  private async recover(): Promise<void> {
    const documentId = this.state.documentId;
    const element = this.element;
    if (!documentId || !element || !element.error) return;
    if (this.now() - this.renewedAt < RENEW_AFTER_MS) {
      this.set({ playing: false, waiting: false, error: PLAYBACK_FAILED });
      return;
    }
    this.renewedAt = this.now();
    const at = this.position;
    const wasPlaying = this.state.playing;
    if (!(await this.use(documentId, true))) return;
    element.currentTime = at;
    if (wasPlaying) await this.start(element);
  }

  private set(change: Partial<MediaState>): void {
    const next = { ...this.state, ...change };
    if ((Object.keys(change) as (keyof MediaState)[]).every((k) => next[k] === this.state[k])) return;
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }

  private emitTime(): void {
    this.timeListeners.forEach((listener) => listener());
  }
}
