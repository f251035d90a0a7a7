import { plural } from '@verbatim/contract/plural';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import {
  InterviewFacts,
  InterviewNotices,
  hasTranscript,
  interviewsPath,
  SpeakerRoles,
  TranscriptPanel,
  useInterview,
  useLinkedPassage,
  useSpeakerRoles,
  useTranscript,
  useTranscriptCorrection,
  useTranscriptFind,
} from '..';
import { QuotePlaybackArea } from '../../../components/quote-player';
import { QuoteClipArea, useClipMaker } from '../../clips';
import { InterviewInsightsPanel, PassageDialog, useProjectInsights } from '../../insights';
import { useCapabilities, useWorkspaceProject } from '../../projects';
import { InterviewPlayer, RecordingPanel, useInterviewRecording } from '../../recordings';
import { SubscribeModal } from '../../subscribe';
import { InterviewUnavailable } from './interview-unavailable';
import { useFocusedInsight, usePassageDialog } from './use-passage-dialog';
import { useQuoteMarks } from './use-quote-marks';
import { useNarrowScreen } from './use-narrow-screen';

/**
 * /projects/:projectId/documents/:documentId: one interview, read as it was said. Every anchored quote is
 * highlighted and opens its insight beside the transcript; a quote chosen there (or linked from the board) is
 * scrolled to and flashed; selected words become an insight or a quote of one; find marks every match.
 */
export default function InterviewPage() {
  const { projectId = '', documentId = '' } = useParams();
  const project = useWorkspaceProject();
  const live = useInterview(projectId, documentId);
  const doc = live.data;
  const readable = doc ? hasTranscript(doc.status) : false;
  const transcript = useTranscript(projectId, doc, readable);
  const content = transcript.data;
  const insights = useProjectInsights(readable ? projectId : undefined);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  const roles = useSpeakerRoles(doc);
  const passage = useLinkedPassage(content);
  const find = useTranscriptFind(content, listRef);
  const narrow = useNarrowScreen();
  // Folded on a phone until opened, or until an insight is chosen in the transcript (its sheet lives in the fold).
  const [sideOpen, setSideOpen] = useState(false);
  const marks = useQuoteMarks(insights.data, doc, documentId, content);
  const { focused, setFocused, onHighlight } = useFocusedInsight();
  useEffect(() => {
    if (focused) setSideOpen(true);
  }, [focused]);
  const passageDialog = usePassageDialog(content, documentId);
  const recording = useInterviewRecording(projectId, doc, content, listRef);
  const recordingLimits = useCapabilities().data?.recordings ?? null;
  const correction = useTranscriptCorrection(projectId, doc, content);
  const clips = useClipMaker(projectId, recording.ready);

  if (live.error || doc === null) return <InterviewUnavailable projectId={projectId} />;
  if (!doc) return <Spinner label="Loading the interview" />;

  const side = (
    <>
      <SpeakerRoles projectId={projectId} document={doc} onOutOfCredits={() => setSubscribeOpen(true)} />
      <QuoteClipArea clipping={clips.clipping}>
        <InterviewInsightsPanel
          projectId={projectId}
          document={doc}
          insights={marks.quoting}
          loading={insights.loading}
          failed={insights.error !== null}
          focusedId={focused}
          onFocus={setFocused}
        />
      </QuoteClipArea>
    </>
  );

  return (
    <section className="container document-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/projects">Projects</Link>
        <span aria-hidden="true"> / </span>
        <Link to={interviewsPath(projectId)}>{project.data?.name ?? 'Interviews'}</Link>
      </nav>
      <InterviewFacts document={doc} />
      <InterviewNotices projectId={projectId} document={doc} folded={narrow} />
      {readable &&
        (narrow ? (
          // One column (a phone): the recording's panel folds too, open when its recording needs the researcher.
          <details className="doc-layout__fold doc-recording-fold" data-testid="recording-fold" open={doc.recording?.status === 'failed'}>
            <summary>Recording{doc.recording?.status === 'ready' ? ' attached' : ''}</summary>
            <RecordingPanel projectId={projectId} document={doc} content={content} limits={recordingLimits} />
          </details>
        ) : (
          <RecordingPanel projectId={projectId} document={doc} content={content} limits={recordingLimits} />
        ))}

      {readable && (
        <QuotePlaybackArea playback={recording.playback} className="doc-layout">
          <aside className="doc-layout__side">
            {narrow ? (
              // One column (a phone): speakers and insights fold above the transcript, so it starts near the top.
              <details className="doc-layout__fold" data-testid="reader-side-fold" open={sideOpen} onToggle={(e) => setSideOpen(e.currentTarget.open)}>
                <summary>Speakers and {plural(marks.quoting.length, 'insight', 'insights')}</summary>
                <div className="doc-layout__fold-body">{side}</div>
              </details>
            ) : (
              side
            )}
          </aside>
          <TranscriptPanel
            transcript={transcript}
            roles={roles}
            find={find}
            passage={passage}
            quotesByTurn={marks.quotesByTurn}
            focusedInsight={focused}
            onHighlight={onHighlight}
            onCreate={passageDialog.onCreate}
            onAdd={passageDialog.onAdd}
            onClip={recording.ready ? (selected) => clips.make({ documentId, start: selected.start, end: selected.end }) : undefined}
            listRef={listRef}
            correction={correction}
            recording={
              recording.ready
                ? {
                    player: <InterviewPlayer media={recording.media} hasVideo={doc.recording?.hasVideo === true} onShowTurn={recording.showPlayingTurn} />,
                    playingTurn: recording.playingTurn,
                    turnPlayer: recording.turnPlayer,
                  }
                : undefined
            }
          />
        </QuotePlaybackArea>
      )}
      {clips.editor}
      {passageDialog.dialog && (
        <PassageDialog
          mode={passageDialog.dialog.mode}
          projectId={projectId}
          passage={passageDialog.dialog.passage}
          insights={marks.everyInsight}
          themes={marks.themes}
          onClose={passageDialog.close}
          onDone={(id) => {
            passageDialog.close();
            setFocused(id);
          }}
        />
      )}
      {subscribeOpen && <SubscribeModal onClose={() => setSubscribeOpen(false)} />}
    </section>
  );
}
