import type { Interview } from '@verbatim/contract/project';
import type { Turn } from '@verbatim/contract/transcript';
import { quoteMoments } from '@verbatim/contract/quote-moments';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { scrollBehavior } from '../../lib/motion';
import { quoteKey, type PlayableQuote, type QuotePlayback } from '../../lib/quote-playback';
import { PlaybackLinks, RecordingMedia } from '../../lib/recording-media';
import { getPlayback } from './api/get-playback';
import { quotePlaySpan, turnAtMoment, turnMoment, turnStartAt, turnTimeline } from './recording-moments';

/** Plays a turn from its moment, from the transcript (its timestamp, as a button). */
export interface TurnPlayer {
  momentOf(turn: Turn): number | null;
  play(turn: Turn): void;
}

export interface InterviewRecordingState {
  /** The recording can be played (it is ready and the transcript is loaded). */
  ready: boolean;
  media: RecordingMedia;
  /** For the quotes shown beside the transcript: each plays its moment, up to its end when known. */
  playback: QuotePlayback;
  turnPlayer: TurnPlayer | undefined;
  /** The start offset of the turn being said where the recording is (once played), or null. */
  playingTurn: number | null;
  /** Brings the turn being played into view. */
  showPlayingTurn: () => void;
}

const turnElement = (list: HTMLElement, turnStart: number) => list.querySelector(`[data-turn="${turnStart}"]`)?.closest('li') ?? null;

/** Below the transcript's sticky bar and above the bottom of the window, at least in part. */
function onScreen(element: Element, whole = false): boolean {
  const rect = element.getBoundingClientRect();
  const top = document.querySelector('.transcript-bar')?.getBoundingClientRect().bottom ?? 0;
  return whole ? rect.top >= top && rect.bottom <= window.innerHeight : rect.bottom > top && rect.top < window.innerHeight;
}

function bringIntoView(element: Element): void {
  element.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
}

/**
 * An interview's recording beside its transcript: one media element for the page, the link to it kept fresh, the
 * turn being said marked as it plays and followed on screen while the reader follows it (the turn it leaves is in
 * view); a reader who scrolled away is left where they are. Quotes and turns play from their moments.
 */
export function useInterviewRecording(
  projectId: string,
  document: Interview | null | undefined,
  content: TranscriptContent | undefined,
  listRef: RefObject<HTMLElement | null>,
): InterviewRecordingState {
  const recording = document?.recording;
  const documentId = document?.id ?? '';
  // A replaced recording is another file: a new player, with a new link.
  const version = recording?.status === 'ready' ? `${documentId}@${recording.updatedAt.getTime()}` : null;
  const media = useMemo(
    () => new RecordingMedia(new PlaybackLinks((id) => getPlayback(projectId, id))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectId, version],
  );
  useEffect(() => () => media.dispose(), [media]);
  const loaded = version !== null ? content : undefined;
  const duration = recording?.durationSeconds ?? undefined;
  const ready = loaded !== undefined;
  useEffect(() => {
    if (version !== null) void media.load(documentId);
  }, [media, version, documentId]);

  const timeline = useMemo(() => (content ? turnTimeline(content.turns, content.timeMarks) : null), [content]);
  const [playingTurn, setPlayingTurn] = useState<number | null>(null);
  useEffect(() => {
    if (!timeline) return;
    const follow = () => setPlayingTurn(media.getState().started ? turnAtMoment(timeline, media.currentTime()) : null);
    follow();
    const stopTime = media.subscribeTime(follow);
    const stopState = media.subscribe(follow);
    return () => {
      stopTime();
      stopState();
    };
  }, [media, timeline]);

  // Follows the playing turn while the reader does: the turn it leaves was on screen.
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const left = previous.current;
    previous.current = playingTurn;
    const list = listRef.current;
    if (playingTurn === null || left === null || !list || !media.getState().playing) return;
    const next = turnElement(list, playingTurn);
    const before = turnElement(list, left);
    if (!next || !before || !onScreen(before) || onScreen(next, true)) return;
    bringIntoView(next);
  }, [playingTurn, listRef, media]);

  const showTurn = useCallback(
    (turnStart: number | null) => {
      const element = turnStart === null || !listRef.current ? null : turnElement(listRef.current, turnStart);
      if (element && !onScreen(element, true)) bringIntoView(element);
    },
    [listRef],
  );

  const playback = useMemo<QuotePlayback>(
    () => ({
      media,
      momentOf: (quote: PlayableQuote) =>
        loaded && quote.documentId === documentId ? (quoteMoments(quote, loaded.turns, loaded.timeMarks, { text: loaded.text, duration })?.start ?? null) : null,
      play: (quote: PlayableQuote) => {
        // The quote's own words: from just before its first to just after its last (the player's ±10 s go further).
        const span = loaded ? quotePlaySpan(quote, loaded.turns, loaded.timeMarks, { text: loaded.text, duration }) : null;
        if (!loaded || !span) return;
        void media.playFrom(documentId, span.start, { key: quoteKey(quote), stopAt: span.end });
        // A quote chosen beside the transcript is a place to go: its turn is brought into view.
        showTurn(turnStartAt(loaded.turns, quote.start));
      },
    }),
    [media, loaded, documentId, showTurn, duration],
  );

  const turnPlayer = useMemo<TurnPlayer | undefined>(
    () =>
      loaded && {
        momentOf: (turn) => turnMoment(turn, loaded.timeMarks),
        play: (turn) => {
          const moment = turnMoment(turn, loaded.timeMarks);
          if (moment !== null) void media.playFrom(documentId, moment);
        },
      },
    [media, loaded, documentId],
  );

  return { ready, media, playback, turnPlayer, playingTurn, showPlayingTurn: () => showTurn(playingTurn) };
}
