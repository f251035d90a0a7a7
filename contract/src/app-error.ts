/** A failure the researcher should read, raised by domain code; the API maps `kind` to a status. */
export type AppErrorKind = 'invalid' | 'not-found' | 'forbidden' | 'payment-required' | 'conflict' | 'too-large' | 'unsupported' | 'too-many';

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** For `too-many`: when trying again can succeed (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const OUT_OF_CREDITS_MESSAGE =
  "You've used all your free trial credits. Subscribe to the Solo plan for unlimited interviews.";

export const ROLE_CHANGE_WHILE_ANALYSING_MESSAGE =
  'This interview is being analysed. Wait until it is ready, then change the roles (a role change analyses it again).';
