/**
 * The recordings feature's public surface for other features (they never reach into its files): an interview's
 * recording uploaded, attached, played beside its transcript, and its quotes played on the board.
 */
export { reserveRecording } from './api/reserve-recording';
export { InterviewPlayer } from './interview-player';
export { OwnerQuotePlayer } from './owner-quote-player';
export { hasTimestamps } from './recording-moments';
export { RecordingPanel } from './recording-panel';
export { holdForSoundNotice } from './sound-notice';
export { SoundNoticeDialog } from './sound-notice-dialog';
export { recordingProgress } from './recording-status';
export { checkRecordingFile, RecordingRefused, uploadRecording } from './upload-recording';
export { useInterviewRecording, type InterviewRecordingState, type TurnPlayer } from './use-interview-recording';
export { TurnPlayButton } from './turn-play-button';
export { durationRejection, recordingRejection, recordingUploadHint } from './recording-checks';
