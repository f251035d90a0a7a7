/** Types of stripe-stand-in.mjs: a local stand-in of the Stripe API. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form fields, flat: `line_items[0][price]`. */
  form: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  authorization: string;
}

export interface StandInSubscription {
  id: string;
  status: string;
  customer: string;
  [key: string]: unknown;
}

export interface StripeStandIn {
  readonly url: string;
  readonly requests: RecordedStripeRequest[];
  setSubscription(subscription: StandInSubscription): void;
  /** The next request to `path` fails with Stripe's error shape (status ≥ 400), or answers with `fields` over the usual object. */
  answerNext(path: string, next: { status?: number; message?: string; type?: string; fields?: Record<string, unknown> }): void;
  reset(): void;
  close(): Promise<void>;
}

export declare function startStripeStandIn(options?: { port?: number; secretKey?: string }): Promise<StripeStandIn>;
