import type { PlayableQuote } from '../../lib/quote-playback';
import { ReelButton } from './reel-button';

/**
 * "Make a highlight reel" on a theme whose quotes can be heard on this page: one click makes the reel of its findings'
 * quotes' clips, finding after finding in the order shown, the theme's name on every card (up to a reel's limits). Its
 * accessible name says the theme: the board shows one such button under every theme's heading.
 */
export function ThemeReelButton({ projectId, theme, insights }: { projectId: string; theme: string; insights: readonly { id: string; quotes: readonly PlayableQuote[] }[] }) {
  return (
    <ReelButton
      projectId={projectId}
      request={{ theme: { name: theme, insightIds: insights.map((insight) => insight.id) } }}
      quotes={insights.flatMap((insight) => insight.quotes)}
      of={`the theme ${theme}`}
      testId="theme-reel"
    />
  );
}
