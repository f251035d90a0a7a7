import type { PlayableQuote } from '../../lib/quote-playback';
import { ReelButton } from './reel-button';

/**
 * "Make a highlight reel" on a finding whose quotes can be heard on this page (their interview's recording ready): one
 * click makes the reel of its quotes' clips in order, rendered in a task of its own; the Clips tab shows its progress.
 */
export function FindingReelButton({ projectId, insight }: { projectId: string; insight: { id: string; quotes: readonly PlayableQuote[] } }) {
  return <ReelButton projectId={projectId} request={{ insightId: insight.id }} quotes={insight.quotes} testId="finding-reel" />;
}
