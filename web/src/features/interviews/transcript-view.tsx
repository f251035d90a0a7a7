import type { SpeakerRole, Turn } from '@verbatim/contract/transcript';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { TurnPlayButton, type TurnPlayer } from '../recordings';
import { quoteHash } from './quote-hash';
import { quoteTime } from '@verbatim/contract/citation';
import { ROLE_LABELS } from './interview-status';
import { turnAnchor } from './paths';
import { segmentTurn, type FindMark, type QuoteMark, type Segment, type TextRange } from './transcript-segments';

/** A quote to highlight, with the title of its insight for the tooltip. */
export interface TranscriptQuote extends QuoteMark {
  insightId: string;
  title: string;
}

const NONE: readonly never[] = [];

export interface TranscriptViewProps {
  content: TranscriptContent;
  roles: ReadonlyMap<string, SpeakerRole>;
  targetId: string | null;
  /** The linked passage (`#q-<start>-<end>`), marked and flashed. */
  linked?: TextRange | null;
  /** Changes on every new visit of a link, so the flash plays again. */
  flashKey?: string;
  /** Every anchored quote of this interview, by the start of the turn holding it. */
  quotesByTurn?: ReadonlyMap<number, readonly TranscriptQuote[]>;
  /** Find matches, by the start of the turn holding them. */
  findsByTurn?: ReadonlyMap<number, readonly FindMark[]>;
  /** The find match being looked at. */
  currentFind?: number;
  /** The insight whose quotes stand out. */
  focusedInsight?: string | null;
  /** A highlight was chosen (click, Enter or Space): its quote keys and the element. */
  onHighlight?: (keys: string[], element: HTMLElement) => void;
  listRef?: Ref<HTMLOListElement>;
  /** While the transcript is corrected: each turn offers "Correct"; the turn being corrected shows `editor` in place of its words. */
  correcting?: TranscriptCorrecting | null;
  /** The interview's recording: the turn being played (its start), and turns that play from their timestamp. */
  playingTurn?: number | null;
  turnPlayer?: TurnPlayer;
}

export interface TranscriptCorrecting {
  onCorrect: (index: number) => void;
  editing: number | null;
  editor: ReactNode;
}

/**
 * The turns as written: speaker, timestamp when the source has one, and the verbatim words. Each turn's text is
 * cut into segments (see `segmentTurn`), each one element holding exactly `text.slice(o, e)` with `data-o`/`data-e`,
 * so a selection maps back to offsets into the stored text. Anchored quotes are highlighted and open their
 * insight; find matches are marked; the linked passage is wrapped in one `quote-highlight` mark. Turns are
 * memoised: typing in find or choosing a highlight redraws only the turns it touches.
 */
export const TranscriptView = memo(function TranscriptView({
  content,
  roles,
  targetId,
  linked = null,
  flashKey = '',
  quotesByTurn,
  findsByTurn,
  currentFind = -1,
  focusedInsight = null,
  onHighlight,
  listRef,
  correcting = null,
  playingTurn = null,
  turnPlayer,
}: TranscriptViewProps) {
  if (content.turns.length === 0) return <p className="muted">This transcript has no turns.</p>;

  function choose(event: MouseEvent | KeyboardEvent) {
    const mark = (event.target as HTMLElement).closest<HTMLElement>('[data-quotes]');
    if (!mark || !onHighlight) return;
    // The end of a drag that selected words is a selection, not a click on the highlight under it.
    const selection = window.getSelection();
    if (event.type === 'click' && selection && !selection.isCollapsed && selection.toString().trim()) return;
    event.preventDefault();
    onHighlight(mark.dataset.quotes!.split(' '), mark);
  }

  return (
    <ol
      className="transcript"
      data-testid="transcript"
      ref={listRef}
      onClick={choose}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') choose(event);
      }}
    >
      {content.turns.map((turn, index) => {
        const quotes = quotesByTurn?.get(turn.start) ?? NONE;
        const finds = findsByTurn?.get(turn.start) ?? NONE;
        const link = linked && linked.start >= turn.start && linked.start < turn.end ? linked : null;
        const current = currentFind >= 0 && finds.some((f) => f.index === currentFind) ? currentFind : -1;
        const focused = focusedInsight !== null && quotes.some((q) => q.insightId === focusedInsight) ? focusedInsight : null;
        return (
          <TurnItem
            key={turn.start}
            turn={turn}
            text={content.text}
            role={roles.get(turn.speaker) ?? 'unknown'}
            target={turnAnchor(turn.start) === targetId}
            quotes={quotes}
            finds={finds}
            linkedStart={link?.start ?? -1}
            linkedEnd={link?.end ?? -1}
            flashKey={link ? flashKey : ''}
            currentFind={current}
            focused={focused}
            index={index}
            onCorrect={correcting?.onCorrect}
            editor={correcting?.editing === index ? correcting.editor : undefined}
            playing={turn.start === playingTurn}
            player={turnPlayer}
          />
        );
      })}
    </ol>
  );
});

interface TurnProps {
  turn: Turn;
  text: string;
  role: SpeakerRole;
  target: boolean;
  quotes: readonly TranscriptQuote[];
  finds: readonly FindMark[];
  linkedStart: number;
  linkedEnd: number;
  flashKey: string;
  currentFind: number;
  focused: string | null;
  index: number;
  onCorrect?: (index: number) => void;
  editor?: ReactNode;
  playing: boolean;
  player: TurnPlayer | undefined;
}

const TurnItem = memo(function TurnItem({
  turn,
  text,
  role,
  target,
  quotes,
  finds,
  linkedStart,
  linkedEnd,
  flashKey,
  currentFind,
  focused,
  index,
  onCorrect,
  editor,
  playing,
  player,
}: TurnProps) {
  const id = turnAnchor(turn.start);
  const linked = linkedStart >= 0 ? { start: linkedStart, end: linkedEnd } : null;
  const segments = segmentTurn(turn.start, turn.end, quotes, finds, linked);
  const byKey = new Map(quotes.map((q) => [q.key, q]));
  // Once its words are saved or left as they were, back to the button that opened them (for keyboard users).
  const correctRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editor) correctRef.current?.focus();
    wasEditing.current = Boolean(editor);
  }, [editor]);

  const leaf = (seg: Segment) => {
    const slice = text.slice(seg.start, seg.end);
    if (seg.quotes.length === 0 && seg.find === null) {
      return (
        <span key={seg.start} data-o={seg.start} data-e={seg.end}>
          {slice}
        </span>
      );
    }
    const classes: string[] = [];
    let title: string | undefined;
    if (seg.quotes.length > 0) {
      const marks = seg.quotes.map((k) => byKey.get(k)).filter((q): q is TranscriptQuote => q !== undefined);
      classes.push('hl');
      if (new Set(marks.map((q) => q.insightId)).size > 1) classes.push('hl--multi');
      if (focused !== null && marks.some((q) => q.insightId === focused)) classes.push('hl--focused');
      title = `Quoted in: ${[...new Set(marks.map((q) => q.title))].join('; ')}`;
    }
    if (seg.find !== null) classes.push(seg.find === currentFind ? 'find find--current' : 'find');
    const isQuote = seg.quotes.length > 0;
    return (
      <mark
        key={seg.start}
        className={classes.join(' ')}
        data-o={seg.start}
        data-e={seg.end}
        data-quotes={isQuote ? seg.quotes.join(' ') : undefined}
        data-find={seg.find ?? undefined}
        data-testid={isQuote ? 'anchored-quote' : 'find-match'}
        role={isQuote ? 'button' : undefined}
        tabIndex={isQuote ? 0 : undefined}
        title={title}
      >
        {slice}
      </mark>
    );
  };

  // Consecutive segments inside the linked passage share one mark around them.
  const children: ReactNode[] = [];
  for (let i = 0; i < segments.length; i++) {
    if (!segments[i].linked || !linked) {
      children.push(leaf(segments[i]));
      continue;
    }
    const inner: ReactNode[] = [];
    let j = i;
    while (j < segments.length && segments[j].linked) inner.push(leaf(segments[j++]));
    children.push(
      <mark
        key={`linked-${flashKey}`}
        className="quote-highlight quote-highlight--flash"
        id={quoteHash({ start: segments[i].start, end: segments[j - 1].end })}
        data-testid="quote-highlight"
      >
        {inner}
      </mark>,
    );
    i = j - 1;
  }

  return (
    <li id={id} className={`turn turn--${role}${target || linked ? ' turn--target' : ''}${playing ? ' turn--playing' : ''}`} aria-current={playing ? 'true' : undefined}>
      <div className="turn__head">
        <span className="turn__speaker">{turn.speaker}</span>
        <span className="turn__role">{ROLE_LABELS[role]}</span>
        {player?.momentOf(turn) != null ? (
          <TurnPlayButton turn={turn} player={player} anchorId={id} />
        ) : turn.ts !== undefined ? (
          <a className="turn__time" href={`#${id}`} title="Link to this moment">
            {quoteTime(turn.ts)}
          </a>
        ) : (
          <a className="turn__anchor" href={`#${id}`} aria-label="Link to this turn">
            #
          </a>
        )}
        {onCorrect && !editor && (
          <button type="button" ref={correctRef} className="link-button turn__correct" onClick={() => onCorrect(index)} aria-label={`Correct the words of turn ${index + 1} (${turn.speaker})`}>
            Correct
          </button>
        )}
      </div>
      {editor ?? (
        <p className="turn__text" data-turn={turn.start} data-turn-end={turn.end}>
          {children}
        </p>
      )}
    </li>
  );
});
