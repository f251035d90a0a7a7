import { PUBLIC_DISABLED_MESSAGE, publicClipId, type PublicInsight } from '@verbatim/contract/share';
import { plural } from '@verbatim/contract/plural';
import { useCallback, useEffect, useMemo } from 'react';
import {
  documentNames,
  INTERVIEWS_HEADING,
  INTERVIEWS_LOAD_ERROR,
  interviewCount,
  quoteSourceName,
  SUMMARY_HEADING,
  SUMMARY_LOAD_ERROR,
} from './public-format';
import { QuotePlayer } from '../../components/quote-player';
import { PublicInsightList } from './public-insight-list';
import { clipInterview, fetchPublicClip, playableRecordings } from './public-playback';
import { useClipWatch } from './use-clip-watch';
import { playableReels, PublicReels } from './public-reel';
import type { PlayableQuote } from '../../lib/quote-playback';
import type { PublicRoute } from './public-route';
import { PublicError, PublicLoading } from './public-shell';
import { publicLayout } from './public-themes';
import { usePublicView, type PublicViewState } from './use-public-view';

function useTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function Failure({ state, generic }: { state: PublicViewState<unknown> & { status: 'error' }; generic: string }) {
  return <PublicError message={state.disabled ? PUBLIC_DISABLED_MESSAGE : generic} disabled={state.disabled} />;
}

/**
 * The page's head. The heading shows at once, while the data loads (the project name held by a
 * placeholder of the same height), so the first paint is the page's largest text and nothing above it
 * moves when the insights arrive.
 */
function Hero({ projectName, heading, lead, stats }: { projectName?: string; heading: string; lead?: string; stats?: string[] }) {
  return (
    <header className="pub-hero">
      {projectName === undefined ? (
        <p className="pub-hero__project" aria-hidden="true">
          <span className="pub-skel pub-skel--name" />
        </p>
      ) : (
        <p className="pub-hero__project" data-testid="project-name">
          {projectName}
        </p>
      )}
      <h1 className="pub-hero__heading">{heading}</h1>
      {lead && (
        <p className="pub-hero__lead" data-testid="summary-sentence">
          {lead}
        </p>
      )}
      {stats && (
        <ul className="pub-hero__stats" aria-label="About these insights">
          {stats.map((stat) => (
            <li key={stat}>{stat}</li>
          ))}
        </ul>
      )}
    </header>
  );
}

function Empty() {
  return <p className="pub-empty">No insights have been shared here yet.</p>;
}

/** /public/summary/{token}: the project's consolidated insights by theme (flat without themes). */
export function SummaryPage({ token }: { token: string }) {
  const state = usePublicView('summary', token);
  const data = state.status === 'ready' ? state.data : null;
  useTitle(data ? `${data.projectName} · ${SUMMARY_HEADING}` : SUMMARY_HEADING);
  const names = useMemo(() => documentNames(data?.documents), [data]);
  const insights = data?.consolidatedInsights ?? [];
  const layout = useMemo(() => publicLayout(data?.consolidatedInsights ?? [], data?.consolidatedGroupedTags, { flatWithoutThemes: true }), [data]);
  if (state.status === 'error') return <Failure state={state} generic={SUMMARY_LOAD_ERROR} />;
  if (!data) {
    return (
      <>
        <Hero heading={SUMMARY_HEADING} />
        <PublicLoading label="Loading summary" />
      </>
    );
  }
  const interviews = data.documents?.length || interviewCount(insights);
  return (
    <>
      <Hero
        projectName={data.projectName}
        heading={SUMMARY_HEADING}
        lead={data.summarySentence}
        stats={[plural(insights.length, 'insight'), `From ${plural(interviews, 'interview')}`, 'Every quote verbatim']}
      />
      {insights.length > 0 ? <PublicInsightList layout={layout} names={names} showSourceBadge /> : <Empty />}
    </>
  );
}

/** /public/interviews/{token}: every interview's insights, by theme. */
export function InterviewsPage({ token }: { token: string }) {
  const state = usePublicView('interviews', token);
  const data = state.status === 'ready' ? state.data : null;
  useTitle(data ? `${data.projectName} · ${INTERVIEWS_HEADING}` : INTERVIEWS_HEADING);
  const names = useMemo(() => documentNames(data?.documents), [data]);
  const insights = data?.insights ?? [];
  const layout = useMemo(() => publicLayout(data?.insights ?? [], data?.groupedTags, { flatWithoutThemes: false }), [data]);
  const playable = useMemo(() => playableRecordings(data), [data]);
  const reels = useMemo(() => ({ token, reels: playableReels(data) }), [token, data]);
  // Each quote plays its own clip, from its start to its end: nothing else of the recording reaches the page.
  const fetchPlayback = useCallback((clipId: string) => fetchPublicClip(token, clipId), [token]);
  const clipOf = useCallback(async (quote: PlayableQuote) => ({ source: publicClipId(quote), from: 0 }), []);
  const watchClips = useClipWatch(token);
  const sourceOf = useCallback(
    (insight: PublicInsight) =>
      insight.documentId
        ? quoteSourceName({ documentId: insight.documentId, docName: insight.quotes.find((q) => q.documentId === insight.documentId)?.docName }, names)
        : undefined,
    [names],
  );
  if (state.status === 'error') return <Failure state={state} generic={INTERVIEWS_LOAD_ERROR} />;
  if (!data) {
    return (
      <>
        <Hero heading={INTERVIEWS_HEADING} />
        <PublicLoading label="Loading detailed insights" />
      </>
    );
  }
  const interviews = data.documents?.length || interviewCount(insights);
  return (
    <>
      <Hero
        projectName={data.projectName}
        heading={INTERVIEWS_HEADING}
        stats={[plural(insights.length, 'insight'), `From ${plural(interviews, 'interview')}`, 'Every quote verbatim']}
      />
      {insights.length === 0 ? (
        <Empty />
      ) : (
        // When the owner lets visitors hear the quotes, one small player for the page plays them.
        <QuotePlayer
          fetchPlayback={fetchPlayback}
          playable={playable}
          names={names}
          sourceOf={clipOf}
          interviewOf={clipInterview}
          askEachTime
          onMedia={watchClips}
        >
          <PublicReels.Provider value={reels}>
            <PublicInsightList layout={layout} names={names} showSourceBadge={false} sourceOf={sourceOf} />
          </PublicReels.Provider>
        </QuotePlayer>
      )}
    </>
  );
}

/** The page a public path names; a malformed one reads as a link that does not work. */
export function PublicPage({ route }: { route: PublicRoute | null }) {
  if (!route) return <PublicError message={PUBLIC_DISABLED_MESSAGE} disabled />;
  return route.kind === 'summary' ? <SummaryPage key={route.token} token={route.token} /> : <InterviewsPage key={route.token} token={route.token} />;
}
