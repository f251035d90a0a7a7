import type { SpeakerRole } from './transcript';

/** A failure the researcher should read, raised by domain code; the API maps `kind` to a status. */
export type AppErrorKind = 'invalid' | 'not-found' | 'forbidden' | 'payment-required' | 'conflict' | 'too-large' | 'unsupported' | 'too-many';

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** For `too-many`: when trying again can succeed (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /** Plain data a client needs to recover, sent as the error's `details` (see `ApiErrorBody`). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const OUT_OF_CREDITS_MESSAGE =
  "You've used all your free trial credits. Subscribe to the Solo plan for unlimited interviews.";

export const ROLE_CHANGE_WHILE_ANALYSING_MESSAGE =
  'This interview is being analysed. Wait until it is ready, then change the roles (a role change analyses it again).';

/** What the API answers when a request fails: a code, a sentence for the researcher, and what a client needs to recover. */
export interface ApiErrorBody<Details = Readonly<Record<string, unknown>>> {
  error: { code: string; message: string; details?: Details };
}

/** The details of a 409 to a role change made from roles that were changed meanwhile: the roles as they are now. */
export interface SpeakerRolesNow {
  speakers: Array<{ label: string; role: SpeakerRole }>;
  /** The version of these roles, to send with a new change (`rolesVersion` of the interview). */
  rolesVersion: number;
}

/** The 409's sentence: nothing was changed or spent, and the roles as they are now. */
export function rolesChangedMessage(speakers: SpeakerRolesNow['speakers']): string {
  const now = speakers.map((s) => `${s.label} is ${s.role === 'unknown' ? 'of unknown role' : `the ${s.role}`}`).join(', ');
  return `These speaker roles were changed meanwhile (in another tab or window), so your change was not made and no credit was used. Now ${now}. Choose again if you still want a change.`;
}
