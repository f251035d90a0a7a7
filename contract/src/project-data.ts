/**
 * Plain data as Firestore holds it → the contract's types, for `projects`, their `documents` and the
 * documents' `transcript` parts. The one reading both sides use: the server's and the web's
 * converters only pass in how a stored timestamp becomes a Date (each SDK has its own Timestamp).
 * Missing or malformed fields read as empty; an unknown status reads as `failed`; progress stays in 0..1.
 */
import { DEFAULT_PROJECT_SETTINGS, DOCUMENT_STATUSES, type InterviewStatus, type Project, type Interview } from './project';
import type { InterviewRecording, RecordingErrorCode, RecordingOrigin, RecordingStatus } from './recording';
import { dateOrEpoch, num, record, str, strings, strOrNull, type Data, type ToDate } from './stored-fields';
import type { TranscriptPart } from './transcript-parts';

export type { ToDate } from './stored-fields';

/** `projects/{id}` data → `Project`. */
export function projectFromData(id: string, d: Data, toDate: ToDate): Project {
  const counts = record(d.counts);
  const settings = record(d.settings);
  return {
    id,
    ownerId: str(d.ownerId),
    name: str(d.name),
    createdAt: dateOrEpoch(d.createdAt, toDate),
    updatedAt: dateOrEpoch(d.updatedAt, toDate),
    counts: { documents: num(counts.documents), parsed: num(counts.parsed), failed: num(counts.failed), words: num(counts.words) },
    settings: {
      analyser: settings.analyser === 'gemini' ? 'gemini' : DEFAULT_PROJECT_SETTINGS.analyser,
      redactPii: typeof settings.redactPii === 'boolean' ? settings.redactPii : DEFAULT_PROJECT_SETTINGS.redactPii,
    },
  };
}

/** `projects/{p}/documents/{d}` data → `Interview`. */
export function interviewFromData(id: string, d: Data, toDate: ToDate): Interview {
  const status: InterviewStatus = DOCUMENT_STATUSES.includes(d.status as InterviewStatus) ? (d.status as InterviewStatus) : 'failed';
  const document: Interview = {
    id,
    projectId: str(d.projectId),
    ownerId: str(d.ownerId),
    name: str(d.name) || str(d.fileName),
    fileName: str(d.fileName),
    format: (d.format ?? null) as Interview['format'],
    size: num(d.size),
    status,
    progress: Math.min(1, Math.max(0, num(d.progress))),
    error: strOrNull(d.error),
    errorCode: strOrNull(d.errorCode),
    notes: strings(d.notes),
    speakers: Array.isArray(d.speakers) ? d.speakers : [],
    rolesVersion: num(d.rolesVersion),
    wordCount: num(d.wordCount),
    language: strOrNull(d.language),
    turnCount: num(d.turnCount),
    creditSpent: d.creditSpent === true,
    createdAt: dateOrEpoch(d.createdAt, toDate),
    updatedAt: dateOrEpoch(d.updatedAt, toDate),
  };
  if (typeof d.rolesQuestion === 'string' && d.rolesQuestion !== '') document.rolesQuestion = d.rolesQuestion;
  if (d.analysis && typeof d.analysis === 'object') {
    const analysis = d.analysis as NonNullable<Interview['analysis']>;
    document.analysis = { ...analysis, completedAt: dateOrEpoch(analysis.completedAt, toDate) };
  }
  if (d.recording && typeof d.recording === 'object') document.recording = recordingFromData(record(d.recording), toDate);
  if (d.transcriptOrigin === 'machine') document.transcriptOrigin = 'machine';
  if (num(d.transcriptVersion) > 0) document.transcriptVersion = num(d.transcriptVersion);
  return document;
}

const RECORDING_STATUSES: readonly RecordingStatus[] = ['uploading', 'checking', 'transcribing', 'ready', 'failed'];

/** A document's stored `recording` → `InterviewRecording`; an unknown status reads as `failed`. */
function recordingFromData(r: Data, toDate: ToDate): InterviewRecording {
  const duration = num(r.durationSeconds);
  return {
    status: RECORDING_STATUSES.includes(r.status as RecordingStatus) ? (r.status as RecordingStatus) : 'failed',
    origin: (r.origin === 'transcribed' ? 'transcribed' : 'attached') satisfies RecordingOrigin,
    fileName: str(r.fileName),
    ...(typeof r.storedName === 'string' ? { storedName: r.storedName } : {}),
    size: num(r.size),
    contentType: str(r.contentType),
    durationSeconds: duration > 0 ? duration : null,
    hasVideo: r.hasVideo === true,
    container: strOrNull(r.container),
    codec: strOrNull(r.codec),
    progress: Math.min(1, Math.max(0, num(r.progress))),
    error: strOrNull(r.error),
    errorCode: strOrNull(r.errorCode) as RecordingErrorCode | null,
    updatedAt: dateOrEpoch(r.updatedAt, toDate),
    ...(r.transcriptionStartedAt ? { transcriptionStartedAt: toDate(r.transcriptionStartedAt) } : {}),
    ...(r.unredactedSoundConfirmedAt ? { unredactedSoundConfirmedAt: dateOrEpoch(r.unredactedSoundConfirmedAt, toDate) } : {}),
  };
}

/** `.../transcript/{part}` data → `TranscriptPart`; null for anything that is not a part. */
export function transcriptPartFromData(d: Data): TranscriptPart | null {
  const index = num(d.index);
  // The transcript version it was written for, when a correction wrote it (absent: as parsed).
  const version = num(d.version) > 0 ? { version: num(d.version) } : {};
  if (d.kind === 'text' && typeof d.text === 'string') return { kind: 'text', index, text: d.text, ...version };
  if (d.kind === 'turns' && Array.isArray(d.turns)) return { kind: 'turns', index, turns: d.turns, ...version };
  if (d.kind === 'marks' && Array.isArray(d.marks)) return { kind: 'marks', index, marks: d.marks, ...version };
  return null;
}
