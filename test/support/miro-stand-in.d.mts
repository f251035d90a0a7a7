/** Types of miro-stand-in.mjs: a local stand-in of Miro's REST API v2 (boards, frames, items in bulk). */
export interface RecordedMiroRequest {
  method: string;
  path: string;
  authorization: string;
  /** The parsed JSON body; undefined when it was not JSON. */
  body: unknown;
}

export interface MiroStandInFrame {
  id: string;
  title: string;
  position: { x: number; y: number; origin?: string };
  geometry: { width: number; height: number };
}

export interface MiroStandInSticky {
  id: string;
  content: string;
  fillColor: string;
  position: { x: number; y: number; origin?: string };
  parentId: string | null;
}

export interface MiroStandInBoard {
  id: string;
  name: string;
  description: string;
  frames: MiroStandInFrame[];
  /** In the order they were created. */
  stickies: MiroStandInSticky[];
}

export interface MiroStandIn {
  readonly url: string;
  /** The one token it accepts (`Authorization: Bearer <token>`); any other is a 401. */
  readonly accessToken: string;
  readonly requests: RecordedMiroRequest[];
  board(id: string): MiroStandInBoard | undefined;
  boardIds(): string[];
  /** The next request whose path ends with `path` (any request without one) fails with Miro's error shape. */
  answerNext(next: { status: number; path?: string; code?: string; message?: string; retryAfter?: number }): void;
  reset(): void;
  close(): Promise<void>;
}

export declare function startMiroStandIn(options?: { port?: number; accessToken?: string }): Promise<MiroStandIn>;
