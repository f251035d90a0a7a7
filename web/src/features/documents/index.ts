/** The documents feature's public surface for other features (they never reach into its files). */
export { DocumentFacts } from './document-facts';
export { DocumentNotices } from './document-notices';
export { hasTranscript } from './document-status';
export { documentPagePath } from './paths';
export { highlightInTurn, parseQuoteHash, quoteHash, type QuoteRange, type TurnHighlight } from './quote-hash';
export type { SelectedPassage } from './selection-toolbar';
export { SpeakerRoles } from './speaker-roles';
export { TranscriptPanel } from './transcript-panel';
export type { TranscriptQuote } from './transcript-view';
export { useDocument, useDocuments, useTranscript } from './use-documents';
export { useLinkedPassage } from './use-linked-passage';
export { useSpeakerRoles } from './use-speaker-roles';
export { useTranscriptFind } from './use-transcript-find';
export { useTranscriptCorrection } from './use-transcript-correction';
