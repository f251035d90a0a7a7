/** The interviews feature's public surface for other features (they never reach into its files). */
export { InterviewFacts } from './interview-facts';
export { InterviewNotices } from './interview-notices';
export { hasTranscript } from './interview-status';
export { interviewPagePath, interviewsPath } from './paths';
export { highlightInTurn, parseQuoteHash, quoteHash, type QuoteRange, type TurnHighlight } from './quote-hash';
export type { SelectedPassage } from './selection-toolbar';
export { SpeakerRoles } from './speaker-roles';
export { TranscriptPanel } from './transcript-panel';
export type { TranscriptQuote } from './transcript-view';
export { useInterview, useInterviews, useTranscript } from './use-interviews';
export { useLinkedPassage } from './use-linked-passage';
export { useSpeakerRoles } from './use-speaker-roles';
export { useTranscriptFind } from './use-transcript-find';
export { useTranscriptCorrection } from './use-transcript-correction';
