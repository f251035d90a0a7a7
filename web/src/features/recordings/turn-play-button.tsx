import { quoteTime } from '@verbatim/contract/citation';
import type { Turn } from '@verbatim/contract/transcript';
import { PlayIcon } from '../../components/quote-play-button';
import type { TurnPlayer } from './use-interview-recording';
import '../../components/recordings.css';

/**
 * A turn's timestamp when the interview's recording can be played: "▶ 12:04" plays the turn from there; the "#" beside
 * it still links to the turn. Null when the turn has no moment in the recording.
 */
export function TurnPlayButton({ turn, player, anchorId }: { turn: Turn; player: TurnPlayer | undefined; anchorId: string }) {
  const moment = player?.momentOf(turn) ?? null;
  if (!player || moment === null) return null;
  return (
    <>
      <button type="button" className="turn__play" aria-label={`Play from ${quoteTime(moment)}`} onClick={() => player.play(turn)} data-testid="turn-play">
        <PlayIcon playing={false} />
        {quoteTime(moment)}
      </button>
      <a className="turn__anchor" href={`#${anchorId}`} aria-label="Link to this turn">
        #
      </a>
    </>
  );
}
