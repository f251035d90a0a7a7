/** Types of drive-stand-in.mjs: a local stand-in of the Google Drive v3 API. */
export declare const GOOGLE_DOC_MIME_TYPE: 'application/vnd.google-apps.document';

export interface RecordedDriveRequest {
  method: string;
  path: string;
  /** Query parameters, e.g. `{ alt: 'media', supportsAllDrives: 'true' }`. */
  query: Record<string, string>;
  authorization: string;
  /** True once the whole answer was sent; false when the client hung up first (or it is still going). */
  completed: boolean;
}

export interface DriveStandIn {
  readonly url: string;
  /** The one access token it accepts (`Authorization: Bearer <token>`); any other is a 401. */
  readonly accessToken: string;
  readonly requests: RecordedDriveRequest[];
  /** A stored file. `contentLength: null` answers without a Content-Length (chunked); a number declares that length instead of the real one. */
  addFile(file: { id: string; name?: string; mimeType: string; bytes: Uint8Array | string; contentLength?: number | null }): void;
  /** A Google Doc whose plain-text export is `text`. */
  addGoogleDoc(doc: { id: string; name?: string; text: string; mimeType?: string }): void;
  /** The next request for file `id` fails with Drive's error shape. */
  answerNext(id: string, next: { status: number; reason?: string; message?: string }): void;
  reset(): void;
  close(): Promise<void>;
}

export declare function startDriveStandIn(options?: { port?: number; accessToken?: string }): Promise<DriveStandIn>;
