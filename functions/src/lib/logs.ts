import { logger } from 'firebase-functions';

/** A storage path as logged: its folders, never its file's name (a file name can name a participant). */
export const folderOf = (path: string): string => `${path.replace(/\/?[^/]*$/, '')}/…`;

/** Named log events: one place for every message the server writes, so they stay consistent. */
export const logs = {
  profileCreated: (uid: string, credits: number) => logger.info('profile.created', { uid, credits }),
  identityClaimsSet: (uid: string, plan: string, activated: boolean) => logger.info('auth.identity-claims-set', { uid, plan, activated }),
  identityClaimsFailed: (uid: string, err: unknown) =>
    logger.error('auth.identity-claims-failed', { uid, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  accountActivated: (uid: string, documentId: string) => logger.info('account.activated', { uid, documentId }),
  tokenRejected: (reason: string) => logger.warn('auth.token-rejected', { reason }),
  /** A request marked by Hosting's CDN came from a hop outside TRUSTED_PROXIES (see api/client-address.ts). */
  untrustedCdnHop: (address: string) =>
    logger.warn('api.untrusted-cdn-hop', { address, action: 'If this is Hosting\'s CDN, add its range to TRUSTED_PROXIES: until then its visitors share one limit.' }),
  untrustedCdnService: (service: string, address: string) =>
    logger.warn('api.untrusted-cdn-service', {
      service,
      address,
      action: "A Fastly service we do not trust handed this request on, so its address counts as the visitor. If it is Firebase Hosting's (its service hash changed), add the service to TRUSTED_CDN_SERVICES: until then its visitors share one limit.",
    }),
  requestFailed: (method: string, path: string, err: unknown) =>
    logger.error('api.request-failed', { method, path, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  accountBusy: (uid: string, reason: string) => logger.info('api.account-busy', { uid, reason }),
  leaseNotReleased: (uid: string, err: unknown) =>
    logger.warn('api.lease-not-released', { uid, error: err instanceof Error ? err.message : String(err) }),
  creditsHeaderFailed: (uid: string, err: unknown) =>
    logger.warn('api.credits-header-failed', { uid, error: err instanceof Error ? err.message : String(err) }),
  documentParsed: (documentId: string, words: number, turns: number) => logger.info('document.parsed', { documentId, words, turns }),
  interviewRejected: (documentId: string, code: string) => logger.info('document.rejected', { documentId, code }),
  recordingReady: (documentId: string, origin: string, seconds: number, codec: string) => logger.info('recording.ready', { documentId, origin, seconds, codec }),
  recordingRejected: (documentId: string, code: string) => logger.info('recording.rejected', { documentId, code }),
  /** A public page's quote was cut from its recording into a clip of its own (seconds long; bytes of the recording read). */
  publicClipCut: (documentId: string, clipId: string, seconds: number, bytesRead: number) => logger.info('public-clip.cut', { documentId, clipId, seconds, bytesRead }),
  /** A public page's quote could not be cut from its recording: visitors are told it cannot be played. */
  publicClipUnplayable: (documentId: string, clipId: string, reason: string) => logger.warn('public-clip.unplayable', { documentId, clipId, reason }),
  publicClipsNotPruned: (projectId: string, err: unknown) => logger.warn('public-clip.not-pruned', { projectId, error: err instanceof Error ? err.message : String(err) }),
  publicClipsDeleted: (projectId: string, count: number) => logger.info('public-clip.deleted', { projectId, count }),
  /** A researcher's clip was made (its length in seconds). */
  clipMade: (projectId: string, clipId: string, seconds: number) => logger.info('clip.made', { projectId, clipId, seconds }),
  /** A clip's file was cut for a download (its folder in the recording store, its length, bytes of the recording read). */
  clipCut: (folder: string, seconds: number, bytesRead: number) => logger.info('clip.cut', { folder, seconds, bytesRead }),
  /** A clip could not be cut from its recording at its moment: the researcher is told why. */
  clipNotCut: (folder: string, from: number, reason: string) => logger.warn('clip.not-cut', { folder, from, reason }),
  /** A highlight reel was rendered and stored (its length in seconds, its size in bytes). */
  reelRendered: (projectId: string, reelId: string, seconds: number, size: number) => logger.info('reel.rendered', { projectId, reelId, seconds, size }),
  /** A highlight reel could not be rendered: the researcher reads why on it. */
  reelFailed: (projectId: string, reelId: string, reason: string) => logger.warn('reel.failed', { projectId, reelId, reason }),
  /** The rate limit shared across instances could not reach Firestore: this instance's own count decided. */
  sharedRateLimitUnavailable: (scope: string, err: unknown) => logger.warn('rate-limit.shared-unavailable', { scope, error: err instanceof Error ? err.message : String(err) }),
  recordingIgnored: (path: string, reason: string) => logger.warn('recording.ignored', { folder: folderOf(path), reason }),
  /** Whether a recording is silent could not be checked (ffmpeg missing, failing or too slow): it was not refused for it. */
  recordingSoundUnchecked: (documentId: string, reason: string) => logger.warn('recording.sound-unchecked', { documentId, reason }),
  // The sweeper failed an attached recording whose reading died (its file deleted, its interview untouched).
  recordingStuck: (documentId: string) => logger.warn('recording.stuck', { documentId, status: 'checking' }),
  // A recording's transcription task (Cloud Tasks): queued once its credit is spent, then run, or left to the attempt
  // that holds it (a second delivery), or taken over from an attempt that stopped at its deadline.
  transcriptionQueued: (documentId: string) => logger.info('recording.transcription-queued', { documentId }),
  transcriptionTaskSkipped: (documentId: string, reason: string) => logger.info('recording.transcription-task-skipped', { documentId, reason }),
  /** Not sent to Gemini: the project was made private, or began to redact without the recording's confirmation. */
  transcriptionWithheld: (documentId: string, code: string) => logger.info('recording.transcription-withheld', { documentId, code }),
  transcriptionTaskTakenOver: (documentId: string, startedAt: Date) =>
    logger.warn('recording.transcription-task-taken-over', { documentId, startedAt: startedAt.toISOString() }),
  recordingFailed: (documentId: string, err: unknown) =>
    logger.error('recording.failed', { documentId, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  ingestionFailed: (documentId: string, err: unknown) =>
    logger.error('document.ingestion-failed', { documentId, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  interviewAnalysed: (documentId: string, analyser: string, insights: number, quotes: object) =>
    logger.info('document.analysed', { documentId, analyser, insights, quotes }),
  analysisFailed: (documentId: string, code: string, err: unknown) =>
    logger.error('document.analysis-failed', { documentId, code, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  interviewStuck: (documentId: string, status: string, action: string, refunded: boolean) =>
    logger.warn('document.stuck', { documentId, status, action, refunded }),
  stuckSweepFinished: (report: { found: number; stopped: number; refunded: number; retried: number; skipped: number; recordingsStopped: number }) =>
    logger.info('document.stuck-sweep-finished', report),
  stuckSweepFailed: (documentId: string, err: unknown) =>
    logger.error('document.stuck-sweep-failed', { documentId, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  synthesisWritten: (projectId: string, generation: number, insights: number, writer = 'local', droppedIds = 0) =>
    logger.info('project.synthesis-written', { projectId, generation, insights, writer, droppedIds }),
  synthesisSuperseded: (projectId: string, generation: number) => logger.info('project.synthesis-superseded', { projectId, generation }),
  synthesisFellBack: (projectId: string, reason: string) => logger.warn('project.synthesis-fell-back', { projectId, reason }),
  synthesisUnchanged: (projectId: string) => logger.info('project.synthesis-unchanged', { projectId }),
  geminiCeilingReached: (projectId: string, what: string) => logger.warn('gemini.ceiling-reached', { projectId, what }),
  usageNotRecorded: (projectId: string, err: unknown) =>
    logger.error('gemini.usage-not-recorded', { projectId, error: err instanceof Error ? err.message : String(err) }),
  // Transcriptions of recordings: never the file's name (it can name a participant).
  transcriptionFailed: (documentId: string, code: string, err: unknown) =>
    logger.error('recording.transcription-failed', { documentId, code, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  geminiFileNotDeleted: (documentId: string, file: string) =>
    logger.warn('recording.gemini-file-not-deleted', { documentId, file, action: 'Google deletes it after 48 hours; delete it sooner with the Files API.' }),
  /** Gemini's written answer could not be used; the quotes were shown with the notice for `reason` (`detail` is Google's). */
  askAnswerNotWritten: (uid: string, reason: string, detail: string) => logger.warn('ask.gemini-answer-not-written', { uid, reason, detail }),
  askUsageNotRecorded: (uid: string, err: unknown) =>
    logger.error('gemini.usage-not-recorded', { uid, what: 'ask', error: err instanceof Error ? err.message : String(err) }),
  billingEventApplied: (eventId: string, type: string, uid: string, status: string | null) =>
    logger.info('billing.event-applied', { eventId, type, uid, status }),
  billingCustomerUnknown: (eventId: string, customerId: string) => logger.warn('billing.customer-unknown', { eventId, customerId }),
  billingWebhookRejected: (reason: string) => logger.warn('billing.webhook-rejected', { reason }),
  billingStripeFailed: (type: string, message: string) => logger.error('billing.stripe-failed', { type, message }),
  exportRendered: (projectId: string, format: string, bytes: number, ms: number, droppedQuotes: number) =>
    logger.info('export.rendered', { projectId, format, bytes, ms, droppedQuotes }),
  projectDeleted: (projectId: string, files: number) => logger.info('project.deleted', { projectId, files }),
  uploadIgnored: (path: string, reason: string) => logger.warn('upload.ignored', { folder: folderOf(path), reason }),
  // Drive imports: never the access token, nor file names (they can name participants).
  driveFileRefused: (projectId: string, code: string, status: number | null) => logger.info('drive.file-refused', { projectId, code, status }),
  driveImportFinished: (projectId: string, files: number, documents: number, errors: number) =>
    logger.info('drive.import-finished', { projectId, files, documents, errors }),
  // Contact requests: never the visitor's name, email or notes.
  contactRequested: (requestId: string, size: string) => logger.info('contact.requested', { requestId, size }),
  // Miro pushes: never the access token.
  miroStep: (projectId: string, step: 'board' | 'stickies', placed: number, ms: number) => logger.info('miro.step', { projectId, step, placed, ms }),
  miroFailed: (projectId: string, kind: string, status: number | null) => logger.warn('miro.failed', { projectId, kind, status }),
};
