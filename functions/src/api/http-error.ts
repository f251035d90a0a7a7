/** An error that maps to an HTTP status and a message safe to show a researcher. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeFor(status),
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function codeFor(status: number): string {
  switch (status) {
    case 400: return 'bad-request';
    case 401: return 'unauthenticated';
    case 402: return 'payment-required';
    case 403: return 'forbidden';
    case 404: return 'not-found';
    case 409: return 'conflict';
    case 413: return 'payload-too-large';
    case 415: return 'unsupported-media-type';
    case 422: return 'unprocessable';
    case 429: return 'rate-limited';
    default: return status >= 500 ? 'internal' : 'error';
  }
}
