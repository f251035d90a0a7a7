/** Business constants shared by the server and the web client. Pure TypeScript: no SDK imports. */

/** Credits a new account starts with. */
export const TRIAL_CREDITS = 10;

/** The Solo plan's price as every page shows it (Stripe's price is set in the Stripe dashboard to match). */
export const SOLO_PRICE = '$19';

/** The trial banner warns at this many credits or fewer. */
export const LOW_CREDITS_THRESHOLD = 5;

/** Credits one interview costs (subscribers: unlimited). */
export const CREDITS_PER_INTERVIEW = 1;

/** Response header carrying the caller's remaining credits. */
export const CREDITS_HEADER = 'x-credits-remaining';

/** Largest JSON request body the API accepts, in bytes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Longest display name stored on a profile. */
export const MAX_NAME_LENGTH = 200;

/** Firestore collection names. */
export const COLLECTIONS = {
  users: 'users',
  projects: 'projects',
  /**
   * A project's interviews. Stored under the name they were first stored under, as is the `documentId` that points at
   * one from quotes, insights and every other record, and the API's `/documents` paths; the code says interview.
   */
  documents: 'documents',
  transcript: 'transcript',
  insights: 'insights',
  synthesis: 'synthesis',
  geminiUsage: 'geminiUsage',
  shares: 'shares',
  shareLinks: 'shareLinks',
  publicViews: 'publicViews',
  publicClips: 'publicClips',
  /** A project's clips (a stretch of an interview's recording, from a quote or a selection): server-written, owner-read. */
  clips: 'clips',
  /** A project's highlight reels (clips joined, rendered in a task): server-written, owner-read. */
  reels: 'reels',
  billingCustomers: 'billingCustomers',
  stripeEvents: 'stripeEvents',
  accountUsage: 'accountUsage',
  contactRequests: 'contactRequests',
  /** Server-only: every file a run put in Gemini's file store, until it is deleted there (the sweeper's list). */
  geminiFiles: 'geminiFiles',
} as const;

/** Cloud Storage prefix for uploads: uploads/{uid}/{projectId}/{documentId}/{fileName}. */
export const UPLOADS_PREFIX = 'uploads';
/** Cloud Storage folder of interviews' recordings: recordings/{uid}/{projectId}/{documentId}/{fileName}. */
export const RECORDINGS_PREFIX = 'recordings';
