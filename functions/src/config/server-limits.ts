import type { RecordingLimits } from '@verbatim/contract/recording';
import {
  DEFAULT_TRUSTED_CDN_SERVICES,
  DEFAULT_TRUSTED_PROXIES,
  parseTrustedCdnServices,
  parseTrustedProxies,
  type TrustedProxySettings,
} from './trusted-proxies';

/**
 * Every limit the server holds callers to, in one validated place: the public pages' rate limit,
 * which hops in front of the function are trusted to say who connected to them, the per-account
 * quotas, how many of one account's costly requests run and wait at once, and Gemini's per-project and
 * per-account monthly token ceilings and synthesis deadline, and how large and long a recording may be.
 * Each can be set in the functions' environment (`functions/.env`, `.env.<projectId>`); a value that
 * is not valid (a number outside its range, a range list with something else in it) stops the
 * function at its first request, naming every bad variable. Pure: reads only the environment it is given.
 */

/** What one account may hold or do, whatever its plan (credits are a separate matter). */
export interface AccountQuotas {
  /** Projects one account may have at a time. */
  projects: number;
  /** Interviews reserved whose file has not arrived yet (status `uploading`). */
  uploadsWaiting: number;
  /** Files the parser read and refused, per account, in a rolling hour's fixed window. */
  rejectedUploadsPerHour: number;
  /** Questions one account may ask its research ("Ask your research") in a rolling hour's fixed window. */
  asksPerHour: number;
  /** Searches of one account's research per minute (fixed window): each reads and ranks its index. */
  searchesPerMinute: number;
  /** Exports (report, deck, CSV, .qdpx) one account may render per hour (fixed window). */
  exportsPerHour: number;
  /** Requests to analyse interviews again (one, all of a project, or a change of speaker roles) per account and hour. */
  reanalysesPerHour: number;
  /** Bytes the files cut for one account's clips and rendered for its reels may keep in storage, over all its projects. */
  clipStorageBytes: number;
}

/**
 * How many of one account's costly requests (search, Ask, exports, uploads, re-analysis, new projects and
 * interviews) run at once, and how many wait. A burst past them is refused at once (429 with Retry-After), so
 * one account never holds up the others.
 */
export interface AccountRequestLimits {
  /** Requests of one account running at once, over every instance (each holds a lease in Firestore while it runs). */
  inFlight: number;
  /** Requests of one account waiting in one instance for one of those places (in its memory). */
  queued: number;
  /** How long a request may wait for its place before it is refused. */
  queueWaitSeconds: number;
}

export interface ServerLimits {
  /** Public page requests per minute from one visitor's address. */
  publicRequestsPerMinute: number;
  /**
   * Public page requests per minute through one front-end address (the address that connected to
   * Google's front end: a Hosting edge serving many visitors; for a direct caller its own address, so
   * the per-visitor limit bites first). Bounds what a caller that connects from a trusted range could
   * buy with forged entries.
   */
  frontEndRequestsPerMinute: number;
  /**
   * The hops trusted to append who connected to them to X-Forwarded-For (config/trusted-proxies.ts): by default the
   * platform's own hop, and Fastly's hops of Firebase Hosting's service only (`TRUSTED_CDN_SERVICES`). The visitor is
   * found by walking from the connection leftwards through the header only while the hop is one of these; whatever a
   * caller wrote is never reached.
   */
  trustedProxies: TrustedProxySettings;
  /** Distinct addresses each rate limiter remembers at most (its memory bound). */
  rateLimiterMaxKeys: number;
  /**
   * How long a request for the project synthesis waits for more changes before it recomputes (ten interviews
   * finishing together cause one recompute). Shorter on the test emulators, where nothing else is waited for.
   */
  synthesisDebounceMs: number;
  quotas: AccountQuotas;
  accountRequests: AccountRequestLimits;
  gemini: GeminiLimits;
  /** How large and long an interview's recording may be (contract/src/recording.ts). */
  recordings: RecordingLimits;
}

/** What Gemini may cost and how long it may take. */
export interface GeminiLimits {
  /**
   * Gemini tokens (prompt and answer) one project may use per calendar month (UTC), analyses and syntheses together.
   * At the ceiling no further Gemini call is made for the project that month: an interview fails with a clear
   * message (its credit returned) and the synthesis is the built-in one, saying why.
   */
  tokensPerProjectPerMonth: number;
  /**
   * Gemini tokens one account may use per calendar month (UTC) over all its projects: analyses (failed ones
   * included), syntheses and Ask together. At the ceiling no further Gemini call is made for the account that month:
   * an interview fails with a clear message (its credit returned), the synthesis is the built-in one and Ask
   * answers with the most relevant quotes, each saying why and when the allowance renews.
   */
  tokensPerAccountPerMonth: number;
  /** How long one synthesis call may take before the built-in synthesis is used instead. */
  synthesisTimeoutSeconds: number;
  /**
   * An interview of up to this many words is analysed in one call, which sees the whole conversation; a longer one
   * is cut into parts of about this size whose insights are merged by meaning. 100,000 words of transcript make a
   * prompt of about 180,000 tokens (1.78 tokens a word with the turn headers, `npm run bench -- gemini-realism`), well
   * inside the model's million-token window, and an answer that still fits `maxOutputTokens`.
   */
  singleCallWords: number;
  /** Tokens the model may spend thinking before it answers (billed as output); 0 turns thinking off. */
  thinkingBudget: number;
  /** Tokens the model may write in one answer, thinking included: a looping answer stops here (MAX_TOKENS). */
  maxOutputTokens: number;
  /** How long one analysis call may take; a call past it is asked once more, then the interview fails. */
  analysisTimeoutSeconds: number;
  /**
   * A recording is transcribed in parts of this many minutes, each one call, so each answer fits `maxOutputTokens`
   * (30 minutes of speech is about 4,500–6,000 words, 8,000–11,000 tokens of answer). Every call reads the whole
   * audio (32 tokens a second), so longer parts cost fewer tokens; a part whose answer still reaches the limit is asked
   * again as its two halves.
   */
  transcriptionWindowMinutes: number;
  /** How long one transcription call (one part) may take; a call past it is asked once more, then the recording fails. */
  transcriptionTimeoutSeconds: number;
}

/** The largest recording storage.rules let a browser upload (2 GiB; test/rules/storage.static.test.ts holds them equal). */
export const RECORDING_MAX_BYTES_CEILING = 2 * 1024 * 1024 * 1024;

interface Setting {
  env: string;
  default: number;
  min: number;
  max: number;
}

const SETTINGS = {
  publicRequestsPerMinute: { env: 'PUBLIC_REQUESTS_PER_MINUTE', default: 120, min: 1, max: 100_000 },
  frontEndRequestsPerMinute: { env: 'PUBLIC_FRONT_END_REQUESTS_PER_MINUTE', default: 2_400, min: 1, max: 1_000_000 },
  rateLimiterMaxKeys: { env: 'RATE_LIMITER_MAX_KEYS', default: 10_000, min: 100, max: 1_000_000 },
  synthesisDebounceMs: { env: 'SYNTHESIS_DEBOUNCE_MS', default: 1_500, min: 0, max: 60_000 },
  projects: { env: 'QUOTA_PROJECTS_PER_ACCOUNT', default: 100, min: 1, max: 100_000 },
  uploadsWaiting: { env: 'QUOTA_UPLOADS_WAITING', default: 20, min: 1, max: 10_000 },
  rejectedUploadsPerHour: { env: 'QUOTA_REJECTED_UPLOADS_PER_HOUR', default: 20, min: 1, max: 100_000 },
  asksPerHour: { env: 'QUOTA_ASKS_PER_HOUR', default: 60, min: 1, max: 100_000 },
  searchesPerMinute: { env: 'QUOTA_SEARCHES_PER_MINUTE', default: 120, min: 1, max: 100_000 },
  exportsPerHour: { env: 'QUOTA_EXPORTS_PER_HOUR', default: 60, min: 1, max: 100_000 },
  reanalysesPerHour: { env: 'QUOTA_REANALYSES_PER_HOUR', default: 60, min: 1, max: 100_000 },
  clipStorageBytes: { env: 'QUOTA_CLIP_STORAGE_BYTES', default: 2 * 1024 ** 3, min: 1024 ** 2, max: 1024 ** 4 },
  accountRequestsInFlight: { env: 'ACCOUNT_REQUESTS_IN_FLIGHT', default: 6, min: 1, max: 1_000 },
  accountRequestsQueued: { env: 'ACCOUNT_REQUESTS_QUEUED', default: 12, min: 0, max: 10_000 },
  accountQueueWaitSeconds: { env: 'ACCOUNT_QUEUE_WAIT_SECONDS', default: 20, min: 1, max: 300 },
  tokensPerProjectPerMonth: { env: 'GEMINI_MONTHLY_TOKENS_PER_PROJECT', default: 5_000_000, min: 10_000, max: 10_000_000_000 },
  tokensPerAccountPerMonth: { env: 'GEMINI_MONTHLY_TOKENS_PER_ACCOUNT', default: 10_000_000, min: 10_000, max: 100_000_000_000 },
  synthesisTimeoutSeconds: { env: 'GEMINI_SYNTHESIS_TIMEOUT_SECONDS', default: 60, min: 1, max: 300 },
  singleCallWords: { env: 'GEMINI_SINGLE_CALL_WORDS', default: 100_000, min: 1_000, max: 500_000 },
  thinkingBudget: { env: 'GEMINI_THINKING_BUDGET', default: 4_096, min: 0, max: 24_576 },
  maxOutputTokens: { env: 'GEMINI_MAX_OUTPUT_TOKENS', default: 32_768, min: 1_024, max: 65_536 },
  analysisTimeoutSeconds: { env: 'GEMINI_ANALYSIS_TIMEOUT_SECONDS', default: 180, min: 1, max: 240 },
  // The ceiling is storage.rules' own (a browser's upload to Cloud Storage is refused above it) and Gemini's Files API's
  // largest file: a deployment may lower the limit, not raise it.
  recordingMaxBytes: { env: 'RECORDINGS_MAX_BYTES', default: RECORDING_MAX_BYTES_CEILING, min: 1024 * 1024, max: RECORDING_MAX_BYTES_CEILING },
  recordingMaxSeconds: { env: 'RECORDINGS_MAX_SECONDS', default: 3 * 60 * 60, min: 60, max: 12 * 60 * 60 },
  // Cloud Functions refuses an HTTP request over 32 MB: the API path (the emulators, where no Storage emulator runs)
  // cannot take more.
  recordingApiMaxBytes: { env: 'RECORDINGS_API_MAX_BYTES', default: 32 * 1024 * 1024, min: 1024 * 1024, max: 32 * 1024 * 1024 },
  transcriptionWindowMinutes: { env: 'GEMINI_TRANSCRIPTION_WINDOW_MINUTES', default: 30, min: 5, max: 120 },
  transcriptionTimeoutSeconds: { env: 'GEMINI_TRANSCRIPTION_TIMEOUT_SECONDS', default: 300, min: 1, max: 600 },
} satisfies Record<string, Setting>;

/** The limits from `env`; throws one error naming every variable that is set to something invalid. */
export function readServerLimits(env: Record<string, string | undefined> = process.env): ServerLimits {
  const problems: string[] = [];
  const read = (setting: Setting): number => {
    const raw = env[setting.env]?.trim();
    if (raw === undefined || raw === '') return setting.default;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < setting.min || value > setting.max) {
      problems.push(`${setting.env}=${JSON.stringify(raw)} must be a whole number from ${setting.min} to ${setting.max}`);
      return setting.default;
    }
    return value;
  };
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES?.trim() || DEFAULT_TRUSTED_PROXIES);
  if ('problem' in trustedProxies) problems.push(`TRUSTED_PROXIES=${JSON.stringify(env.TRUSTED_PROXIES?.trim())} ${trustedProxies.problem}`);
  const cdnServices = parseTrustedCdnServices(env.TRUSTED_CDN_SERVICES?.trim() || DEFAULT_TRUSTED_CDN_SERVICES);
  if ('problem' in cdnServices) problems.push(`TRUSTED_CDN_SERVICES=${JSON.stringify(env.TRUSTED_CDN_SERVICES?.trim())} ${cdnServices.problem}`);
  if (env.TRUSTED_FORWARDED_HOPS !== undefined) {
    problems.push('TRUSTED_FORWARDED_HOPS is no longer read: remove it (TRUSTED_PROXIES says which hops are trusted; the default suits Firebase Hosting and the emulators)');
  }
  const limits: ServerLimits = {
    publicRequestsPerMinute: read(SETTINGS.publicRequestsPerMinute),
    frontEndRequestsPerMinute: read(SETTINGS.frontEndRequestsPerMinute),
    trustedProxies: {
      ranges: 'ranges' in trustedProxies ? trustedProxies.ranges : [],
      cdnRanges: 'cdnRanges' in trustedProxies ? trustedProxies.cdnRanges : [],
      cdnServices: 'services' in cdnServices ? cdnServices.services : [],
    },
    rateLimiterMaxKeys: read(SETTINGS.rateLimiterMaxKeys),
    synthesisDebounceMs: read(SETTINGS.synthesisDebounceMs),
    quotas: {
      projects: read(SETTINGS.projects),
      uploadsWaiting: read(SETTINGS.uploadsWaiting),
      rejectedUploadsPerHour: read(SETTINGS.rejectedUploadsPerHour),
      asksPerHour: read(SETTINGS.asksPerHour),
      searchesPerMinute: read(SETTINGS.searchesPerMinute),
      exportsPerHour: read(SETTINGS.exportsPerHour),
      reanalysesPerHour: read(SETTINGS.reanalysesPerHour),
      clipStorageBytes: read(SETTINGS.clipStorageBytes),
    },
    accountRequests: {
      inFlight: read(SETTINGS.accountRequestsInFlight),
      queued: read(SETTINGS.accountRequestsQueued),
      queueWaitSeconds: read(SETTINGS.accountQueueWaitSeconds),
    },
    gemini: {
      tokensPerProjectPerMonth: read(SETTINGS.tokensPerProjectPerMonth),
      tokensPerAccountPerMonth: read(SETTINGS.tokensPerAccountPerMonth),
      synthesisTimeoutSeconds: read(SETTINGS.synthesisTimeoutSeconds),
      singleCallWords: read(SETTINGS.singleCallWords),
      thinkingBudget: read(SETTINGS.thinkingBudget),
      maxOutputTokens: read(SETTINGS.maxOutputTokens),
      analysisTimeoutSeconds: read(SETTINGS.analysisTimeoutSeconds),
      transcriptionWindowMinutes: read(SETTINGS.transcriptionWindowMinutes),
      transcriptionTimeoutSeconds: read(SETTINGS.transcriptionTimeoutSeconds),
    },
    recordings: {
      maxBytes: read(SETTINGS.recordingMaxBytes),
      maxSeconds: read(SETTINGS.recordingMaxSeconds),
      apiMaxBytes: read(SETTINGS.recordingApiMaxBytes),
    },
  };
  if (problems.length > 0) throw new Error(`Invalid server limits: ${problems.join('; ')}.`);
  return limits;
}

// ─── Text limits ────────────────────────────────────────────────────────────────────────────────────────────────────
// How much text one call into a text library may be given (wink-nlp's tokeniser, the Porter2 stemmer, the runtime's
// segmenters), and when a file is refused as having no words to read. Fixed, not settings: they bound work whose cost
// grows with the square of a token's length, so no deployment should raise them. Pure constants.

export const TEXT_LIMITS = {
  /**
   * A run of characters without white space longer than this is no word (the longest words in use, German compounds
   * included, are under 80; a long link or an encoded file is over): the analysers, the search data and the search read
   * past it, as if it were white space of the same length, and it never reaches a library. Scripts written without
   * spaces (Japanese, Chinese, Korean, Thai) are not runs: a long passage of them is read as text.
   */
  maxTokenChars: 100,
  /**
   * One call into a library reads at most this many characters (a turn longer than this is read in passages cut at a
   * sentence end, else at a space). Above any spoken turn of the shared transcripts (4,721 characters at most).
   */
  maxPassageChars: 10_000,
  /**
   * A library instance that keeps what it has read (wink-nlp's lexicon grows with every new word) is built afresh
   * once it has read this many characters, so its memory stays bounded over a long-lived server instance.
   */
  renewLibraryAfterChars: 20_000_000,
  /**
   * A file is refused as unreadable when runs longer than `maxTokenChars` are at least this share of its characters
   * other than white space and the rest holds fewer than `refuseBelowWords` words: an encoded or binary file, not
   * an interview. An interview with such a run pasted in is read as usual, the run left out.
   */
  refuseAtUnbrokenShare: 0.9,
  refuseBelowWords: 50,
} as const;
