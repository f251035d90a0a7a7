/** Types of gemini-stand-in.mjs: a local HTTP stand-in of the Gemini API (generateContent and the Files API). */

export interface StandInUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
}

interface ReplyTiming {
  /** Delay before this reply, overriding the stand-in's latency. */
  latencyMs?: number;
}

export interface TextReply extends ReplyTiming {
  kind: 'text';
  /** The candidate's text, sent as is. */
  text: string;
  usage?: StandInUsage;
  finishReason?: string;
}

export interface ErrorReply extends ReplyTiming {
  kind: 'error';
  status: number;
  message?: string;
  /** Google's status name (default from the HTTP status, e.g. RESOURCE_EXHAUSTED for 429). */
  statusText?: string;
  /** Sent as the Retry-After header. */
  retryAfter?: string | number;
  /** Sent as a google.rpc.RetryInfo detail, e.g. "7s". */
  retryDelay?: string;
  /** Sent as the error's `details` (e.g. a QuotaFailure), replacing the RetryInfo one. */
  details?: unknown[];
}

/** The prompt refused by Gemini's filters: `promptFeedback.blockReason`, no candidate. */
export interface BlockedReply extends ReplyTiming {
  kind: 'blocked';
  blockReason: string;
}

/** An answer stopped by a filter: a candidate with this finish reason and no text. */
export interface StoppedReply extends ReplyTiming {
  kind: 'stopped';
  finishReason: string;
}

export interface HangReply {
  kind: 'hang';
}

/** A Google front end's HTML error page (text/html) with this status, 502 or 504. */
export interface GatewayReply extends ReplyTiming {
  kind: 'gateway';
  status: number;
}

export interface ModelOptions {
  /** Insights the deterministic model proposes at most (default 5). */
  maxInsights?: number;
  /** For a synthesis prompt: insight ids never given ("I900"…) added to the first finding (default 0). */
  inventIds?: number;
  /** 'realistic': the model that misbehaves like a real one (see gemini-stand-in.mjs); default the deterministic one. */
  behaviour?: 'deterministic' | 'realistic';
  /** Realistic: thinking tokens reported (and counted against maxOutputTokens), default 1,200. */
  thoughtsTokenCount?: number;
  /** Realistic: false to quote no interviewer sentence. */
  interviewerQuote?: boolean;
  /** Realistic: false to send no over-long quote. */
  overLong?: boolean;
}

/** What the realistic model did to each quote it proposed. */
export type ProposedKind = 'exact' | 'tidied' | 'paraphrased' | 'flipped' | 'antonym' | 'number' | 'spliced' | 'interviewer' | 'over-long';

export interface ModelReply extends ReplyTiming, ModelOptions {
  kind: 'model';
  usage?: StandInUsage;
  finishReason?: string;
  /** The answer stops at this fraction: a transcription hears only that much of its part (STOP); other JSON is cut (OTHER). */
  stopEarlyAt?: number;
}

export type StandInReply = TextReply | ErrorReply | HangReply | ModelReply | BlockedReply | StoppedReply | GatewayReply;

export interface RecordedRequest {
  index: number;
  method: string;
  /** Path and query as received. */
  url: string;
  path: string;
  query: Record<string, string>;
  apiVersion: 'v1' | 'v1beta' | null;
  model: string | null;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** From the x-goog-api-key header or the key query parameter. */
  apiKey: string | undefined;
  rawBody: string;
  body: unknown;
  /** Text of `systemInstruction`. */
  systemInstruction: string;
  /** Text of the user contents. */
  userText: string;
  generationConfig: Record<string, unknown> | null;
  receivedAt: number;
  /** When a model answer was sent (null for errors, hangs, or not yet). */
  answeredAt: number | null;
  reply: StandInReply['kind'] | null;
  /** Realistic model: what it did to each quote of its answer, in order. */
  proposed?: ProposedKind[];
  /** A transcription: what the realistic model misheard or ran together. */
  heard?: HeardError[];
}

/** What a recording says, for the stand-in's model to hear (gemini-files.mjs). */
export interface RecordingScript {
  /** Matched by the SHA-256 (hex) of the uploaded bytes… */
  sha256?: string;
  /** …or the upload's display name. */
  displayName?: string;
  durationSeconds: number;
  /** Each voice: how it sounds, and a name when the recording says it. */
  speakers: Array<{ id: string; description: string; name?: string }>;
  /**
   * Turns in order: the voice's id, its start in seconds, the words; and, when the test knows them, each sentence's
   * start (one per sentence of `text`, the first at `start`); else the model hears sentences at an even pace.
   */
  turns: Array<{ speaker: string; start: number; text: string; sentences?: Array<{ start: number; text: string }> }>;
}

/** A file uploaded to the stand-in: only a hash and the size of its bytes are kept. */
export interface StoredFile {
  id: string;
  displayName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  /** Bytes of each chunk received, in order. */
  chunks: number[];
  /** Seconds of sound an uploaded MP3 holds (read from its bit rate), else null. */
  mediaSeconds: number | null;
  createTime: string;
  state: 'PROCESSING' | 'ACTIVE' | 'FAILED';
  reads: number;
  deleted: boolean;
}

export interface FileRequest {
  method: string;
  path: string;
  /** X-Goog-Upload-Command ("start", "upload", "upload, finalize"), or null. */
  command: string | null;
  offset: string | null;
  status: number;
}

export interface HeardError {
  kind: 'misheard' | 'merged';
  /** Index of the turn in the script. */
  turn: number;
  said?: string;
  heard?: string;
}

export interface FileBehaviour {
  /** Reads of a new file answered PROCESSING before ACTIVE (default 1). */
  processingPolls: number;
  /** The file ends FAILED instead of ACTIVE. */
  failProcessing: boolean;
  /** The chunk of this 0-based index is answered 503 UNAVAILABLE (default -1: none). */
  refuseChunk: number;
}

export type StandInHandler = (request: RecordedRequest) => StandInReply | Promise<StandInReply>;

export interface StandInOptions {
  /** Port to listen on (default: any free port). */
  port?: number;
  /** The key the stand-in accepts (default 'test-api-key'). */
  apiKey?: string;
  /** Delay before each reply, in ms (default 0). */
  latencyMs?: number;
  /** Answers when the queue is empty (default: the deterministic model). */
  handler?: StandInHandler;
  model?: ModelOptions;
  /** 'realistic': the misbehaving model, and the request checks below. */
  behaviour?: 'deterministic' | 'realistic';
  /** Model ids served, in every mode; any other is 404 NOT_FOUND with Google's body (default `KNOWN_MODELS`). */
  knownModels?: string[];
  /** Realistic: this many requests first answer 503 UNAVAILABLE (again after each reset). */
  unavailableStreak?: number;
  /** Realistic: this many requests first answer a front end's HTML 502 page (again after each reset). */
  gatewayStreak?: number;
}

export interface GeminiStandIn {
  /** Base URL, e.g. http://127.0.0.1:41234 (pass as the SDK's httpOptions.baseUrl). */
  readonly url: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Queues replies, used one per request before the handler or the model. */
  respondWith(...replies: StandInReply[]): void;
  setHandler(handler: StandInHandler | undefined): void;
  setLatency(ms: number): void;
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Replies still queued. */
  readonly pending: number;
  /** Files uploaded, by id. */
  readonly files: Map<string, StoredFile>;
  /** Requests to the Files API, in order. */
  readonly fileRequests: FileRequest[];
  registerRecording(script: RecordingScript): void;
  setFileBehaviour(settings: Partial<FileBehaviour>): void;
  /** Uploads begun and neither finished nor cancelled. */
  readonly openUploads: number;
  /** Clears the queue, the recorded requests, the files, the scripts and the in-flight maximum. */
  reset(): void;
  close(): Promise<void>;
}

export interface DelimitedTurn {
  number: number;
  continued: boolean;
  speaker: string;
  role: string;
  text: string;
}

export interface ModelAnswer {
  insights: { title: string; description: string; tag: string; quotes: { text: string; speaker: string }[] }[];
  groupedTags: { groupLabel: string; tags: { originalTag: string; refinedTag: string }[] }[];
}

export declare const replies: {
  json(value: unknown, options?: Omit<TextReply, 'kind' | 'text'>): TextReply;
  text(text: string, options?: Omit<TextReply, 'kind' | 'text'>): TextReply;
  error(status: number, options?: Omit<ErrorReply, 'kind' | 'status'>): ErrorReply;
  hang(): HangReply;
  model(options?: Omit<ModelReply, 'kind'>): ModelReply;
  blocked(blockReason?: string): BlockedReply;
  stopped(finishReason?: string): StoppedReply;
  quotaExhausted(options?: { perDay?: boolean }): ErrorReply;
  overloaded(): ErrorReply;
  gatewayError(status?: number): GatewayReply;
  unsupportedType(mimeType?: string): ErrorReply;
  tooMuchInput(tokens?: number, limit?: number): ErrorReply;
  stoppedEarly(fraction?: number): ModelReply;
};

export declare const KNOWN_MODELS: string[];
export declare const MEDIA_TYPES: Set<string>;
export declare function thinkingRefusal(model: string | null, thinkingConfig: unknown): string | null;
export declare function gatewayPage(status: number): string;
export declare const SCHEMA_KEYWORDS: Set<string>;
export declare function unsupportedSchemaKeyword(schema: unknown, place?: string): string | null;
export declare function tidy(sentence: string): string;
export declare function paraphrase(sentence: string): string;
export declare function flipMeaning(sentence: string): string | null;
export declare function realisticAnswer(userText: string, request: Pick<RecordedRequest, 'generationConfig'> | null, options?: ModelOptions): { answer: ModelAnswer; proposed: ProposedKind[] };

export declare function parseDelimitedTranscript(userText: string): { id: string; turns: DelimitedTurn[] } | null;

export declare function modelAnswer(userText: string, options?: ModelOptions): ModelAnswer;

export declare function startGeminiStandIn(options?: StandInOptions): Promise<GeminiStandIn>;

export interface SynthesisPromptInsight {
  id: string;
  title: string;
  tag: string;
  /** "D1", "D2"…: the interview it is under. */
  interview: string;
  quoteIds: string[];
}

export interface StandInSynthesisAnswer {
  summarySentence: string;
  consolidatedInsights: { title: string; description: string; tag: string; theme: string; insightIds: string[]; quoteIds: string[] }[];
}

export declare function isSynthesisRequest(request: Pick<RecordedRequest, 'userText'>): boolean;

export declare function parseSynthesisPrompt(userText: string): { id: string; insights: SynthesisPromptInsight[] } | null;

export declare function synthesisAnswer(userText: string, options?: ModelOptions): StandInSynthesisAnswer;

export interface AskPromptPassage {
  id: string;
  interview: string;
  speaker: string;
  text: string;
}

/** Passages of an Ask prompt, or null when the prompt has none. */
export declare function parseAskPassages(userText: string): AskPromptPassage[] | null;

/** The deterministic model's answer to an Ask prompt: a sentence per passage (at most three), each citing it. */
export declare function askModelAnswer(userText: string): { sentences: Array<{ text: string; citations: string[] }> };
